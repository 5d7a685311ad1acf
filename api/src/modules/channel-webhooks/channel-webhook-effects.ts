import { channelUninstalled } from '../../flows/channel-uninstalled/channel-uninstalled.flow';
import { eraseCustomerData } from '../../flows/customer-privacy/erase-customer-data.flow';
import { eraseShopData } from '../../flows/customer-privacy/erase-shop-data.flow';
import { exportCustomerData } from '../../flows/customer-privacy/export-customer-data.flow';
import type { Services } from '../../services';
import type { ComplianceHandlers } from './channel-compliance.service';
import type { DeliveryEffects } from './channel-webhook.service';

/** The services a received webhook's effects run on. */
export type WebhookEffectServices = Pick<
  Services,
  | 'models'
  | 'jobs'
  | 'activities'
  | 'notifications'
  | 'transactionRecords'
  | 'channelJobs'
  | 'channelWebhookInbox'
  | 'syncState'
>;

/** `url` of the transaction records: the address the delivery reached (no query, no secret in it). */
export function deliveryEffectsOf(services: WebhookEffectServices, url: string): DeliveryEffects {
  const startedAt = Date.now();
  return {
    syncState: services.syncState,
    uninstalled: (channel, received) =>
      channelUninstalled(
        {
          models: services.models,
          activities: services.activities,
          notifications: services.notifications,
          recorder: services.transactionRecords.recorder,
          channelJobs: services.channelJobs,
        },
        channel,
        {
          topic: received.topic,
          account: received.account,
          url,
          startedAt,
        },
      ),
  };
}

/** The privacy requests' flows, bound to the services. */
export function complianceHandlersOf(services: WebhookEffectServices, url: string): ComplianceHandlers {
  const startedAt = Date.now();
  const recorder = services.transactionRecords.recorder;
  const erasing = {
    models: services.models,
    activities: services.activities,
    receipts: services.channelWebhookInbox,
    recorder,
  };
  return {
    customerDataRequest: (channel, request) =>
      exportCustomerData(
        { models: services.models, jobs: services.jobs, notifications: services.notifications, recorder },
        channel,
        { ...request, url, startedAt },
      ),
    customerRedact: (channel, request) => eraseCustomerData(erasing, channel, { ...request, url, startedAt }),
    accountRedact: (channel, request) => eraseShopData(erasing, channel, { ...request, url, startedAt }),
  };
}
