/**
 * The REST client this file held is gone: every call is GraphQL (`shopify-graphql.ts`). The version
 * constant stays importable from here for the simulator kit until it imports it from there.
 */
export { SHOPIFY_API_VERSION, shopOriginOf } from './shopify-graphql';
