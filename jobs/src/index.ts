export * from './job-store';
export * from './register-jobs';
export * from './definitions';
export * from './sync/sync-runtime';
export {
  createSharedRateBudget,
  SharedRateBudget,
  type RateBudgetStore,
} from './transport/shared-rate-budget';
export { startDemoSync, demoOAuthProviders, demoShopifyApp, type DemoSync } from './demo/demo-sync';
