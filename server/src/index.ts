// The composition root's public surface: a process of the product, built from api, jobs and integrations.
export { startProcess, runFromEnvironment, scaledOutSimulatorOrigins, type RunningProcess } from './runtime';
export { startDemoSync, demoOAuthProviders, demoShopifyApp, type DemoSync } from './demo/demo-sync';
