import { findCatalogueEntry, type JobData } from '@syncdesk/contracts';
import { channelWebhookAddress, readChannelCredentials, type Services } from '@syncdesk/api';
import type { ChannelConnector, ConnectionInfo, ConnectorContext } from '@syncdesk/integrations';
import { providerFor } from '@syncdesk/integrations';
import { createChannelHttp } from '@syncdesk/integrations';
import { flattenCredentials, type OpenConnection } from './open-connection';
import type { SyncRuntime } from './sync-runtime';

/** Non-form settings key holding the provider's ids of the channel's webhook subscriptions. */
export const WEBHOOK_IDS_SETTING = '_webhook_ids';

type Removal = Extract<JobData['channels.webhook_subscriptions'], { action: 'unsubscribe' }>;

const idsIn = (settings: Record<string, unknown>): string[] => {
  const ids = settings[WEBHOOK_IDS_SETTING];
  return Array.isArray(ids) ? ids.map(String) : [];
};

/**
 * Subscribes the channel's order webhooks to our public address and keeps the provider's ids in
 * the settings (read back on deletion). A provider without webhooks has nothing to do ('idle').
 */
export async function subscribeChannelWebhooks(
  runtime: SyncRuntime,
  open: OpenConnection,
  connector: ChannelConnector,
): Promise<void | 'idle'> {
  if (!connector.subscribeWebhooks) return 'idle';
  const { webhookIds } = await connector.subscribeWebhooks(
    channelWebhookAddress(runtime.appUrl, open.channel),
  );
  // Re-read first: the seller may have saved the form while we were talking to the provider.
  await open.channel.reload();
  await open.channel.update({ settings: { ...open.channel.settings, [WEBHOOK_IDS_SETTING]: webhookIds } });
}

/**
 * The connection of a channel that was deleted, rebuilt from what its removal job carries: the
 * same transport (budget, records, target check) as `openConnection`, without the row.
 */
export function openRemovedConnection(
  services: Services,
  runtime: SyncRuntime,
  removal: Removal,
): ConnectorContext {
  const credentials = flattenCredentials(
    readChannelCredentials(services.credentials, {
      uuid: removal.channelUuid,
      credentials: removal.credentials,
    }),
  );
  const entry = findCatalogueEntry(removal.channelType);
  const connection: ConnectionInfo = {
    id: removal.channelId,
    uuid: removal.channelUuid,
    // Records of a deleted channel belong to nobody a seller can see; the ids keep them traceable.
    companyId: 0,
    storeId: 0,
    kind: 'channel',
    type: removal.channelType,
    name: entry?.name ?? removal.channelType,
    apiVersion: null,
    settings: removal.settings,
    credentials,
    tokenExpiresAt: null,
  };
  const http = createChannelHttp({
    connection: { id: connection.id, companyId: 0, storeId: 0, kind: 'channel', provider: connection.name },
    jobType: 'webhook_subscriptions',
    limits: entry?.rateLimits ?? {},
    budget: runtime.budget,
    recorder: runtime.recorder,
    checkTarget: (url) => runtime.checkTarget(url),
    secrets: Object.values(credentials),
  });
  const app = runtime.oauthApp(removal.channelType);
  return { connection, http, ...(app ? { app } : {}) };
}

/** Removes a deleted channel's webhooks: the ids it kept, and any other pointing at its address. */
export async function unsubscribeChannelWebhooks(
  services: Services,
  runtime: SyncRuntime,
  removal: Removal,
): Promise<'done' | 'skipped'> {
  const provider = providerFor(removal.channelType);
  const createConnector = provider?.kind === 'channel' ? provider.connector : undefined;
  if (!createConnector) return 'skipped';
  const connector = createConnector(openRemovedConnection(services, runtime, removal));
  if (!connector.unsubscribeWebhooks) return 'skipped';
  try {
    const address = channelWebhookAddress(runtime.appUrl, {
      type: removal.channelType,
      uuid: removal.channelUuid,
    });
    await connector.unsubscribeWebhooks(idsIn(removal.settings), address);
    return 'done';
  } finally {
    await runtime.recorder.flush();
  }
}
