/**
 * What tests outside this workspace use to drive a provider's connector against its simulator
 * (`@syncdesk/integrations/testing`). One namespace per provider: their kits share helper names.
 */
export * as shopifyTestKit from './shopify-test-kit';
export * as miraklTestKit from './mirakl-test-kit';
export * as wmsTestKit from './wms-test-kit';
export { readJson, type Json } from './read-json';
