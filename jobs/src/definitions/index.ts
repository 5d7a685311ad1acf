import type { AnyJobDefinition } from './job-definition';
import { systemAnnounceJob } from './system/system-announce.job';
import { systemPruneJobsJob } from './system/prune-jobs.job';
import { catalogueTransferJob } from './catalogue/catalogue-transfer.job';
import { getOrdersJob } from './sync/get-orders.job';
import { getProductsJob } from './sync/get-products.job';
import { refreshTokensJob } from './sync/refresh-tokens.job';
import { submitInventoryJob } from './sync/submit-inventory.job';
import { submitFulfillmentJob } from './sync/submit-fulfillment.job';
import { pickupOrderJob } from './sync/pickup-order.job';
import { syncOrdersJob } from './sync/sync-orders.job';
import { pluginUpdatesJob } from './sync/plugin-updates.job';
import { channelWebhooksJob } from './sync/channel-webhooks.job';
import { rulesRunJob } from './rules/rules-run.job';
import { rulesReleaseHeldJob } from './rules/release-held.job';
import { outboundSweepClaimsJob } from './sync/sweep-outbound-claims.job';

export type { AnyJobDefinition, JobContext, JobDefinition, JobLogger } from './job-definition';
export { outboundSweepInterval } from './sync/sweep-outbound-claims.job';

/** Every job the worker runs. */
export const JOB_DEFINITIONS: readonly AnyJobDefinition[] = [
  systemAnnounceJob,
  systemPruneJobsJob,
  catalogueTransferJob,
  getOrdersJob,
  getProductsJob,
  refreshTokensJob,
  submitInventoryJob,
  submitFulfillmentJob,
  pickupOrderJob,
  syncOrdersJob,
  pluginUpdatesJob,
  channelWebhooksJob,
  rulesRunJob,
  rulesReleaseHeldJob,
  outboundSweepClaimsJob,
];

// One job run by hand (tests, benches, the demo's checks) without an Agenda in between.
export {
  systemAnnounceJob,
  systemPruneJobsJob,
  catalogueTransferJob,
  getOrdersJob,
  getProductsJob,
  refreshTokensJob,
  submitInventoryJob,
  submitFulfillmentJob,
  pickupOrderJob,
  syncOrdersJob,
  pluginUpdatesJob,
  channelWebhooksJob,
  rulesRunJob,
  rulesReleaseHeldJob,
  outboundSweepClaimsJob,
};
