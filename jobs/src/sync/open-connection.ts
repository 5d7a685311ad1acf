import { findCatalogueEntry, type RateLimit } from '@syncdesk/contracts';
import { readChannelCredentials, writeChannelCredentials, type Channel, type Services } from '@syncdesk/api';
import type { TransactionRecordInput } from '@syncdesk/integrations';
import type { ConnectionInfo, ConnectorContext, TokenGrant } from '@syncdesk/integrations';
import { createChannelHttp } from '@syncdesk/integrations';
import type { SyncRuntime } from './sync-runtime';

export interface OpenConnectionOptions {
  /** Spec job type of the calls (the records' type). */
  jobType: string;
  /** How to repeat the operation (kept on failed records for retry). */
  operation?: TransactionRecordInput['operation'];
  retryOfId?: number | null;
  /** Provider limits stricter than (or beside) the catalogue's, by operation. */
  extraLimits?: Readonly<Record<string, RateLimit>>;
}

export interface OpenConnection {
  channel: Channel;
  info: ConnectionInfo;
  context: ConnectorContext;
}

/**
 * Credentials as connectors read them: the form's secret fields, and the OAuth tokens flattened
 * (`access_token`, `refresh_token`), so a connector never knows how we store them.
 */
export function flattenCredentials(stored: Record<string, unknown>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (typeof value === 'string') flat[key] = value;
  }
  const oauth = stored.oauth;
  if (oauth && typeof oauth === 'object') {
    for (const [key, value] of Object.entries(oauth as Record<string, unknown>)) {
      if (typeof value === 'string') flat[key] = value;
    }
  }
  return flat;
}

/** The stricter of two limits for one operation (fewer calls per second wins). */
function stricter(a: RateLimit | undefined, b: RateLimit): RateLimit {
  if (!a || a.periodSeconds === 0) return b;
  if (b.periodSeconds === 0) return a;
  return b.calls / b.periodSeconds < a.calls / a.periodSeconds ? b : a;
}

/** A channel or plugin row, ready for a connector: decrypted credentials, a recorded and budgeted HTTP. */
export async function openConnection(
  services: Services,
  runtime: SyncRuntime,
  channelId: number,
  options: OpenConnectionOptions,
): Promise<OpenConnection | null> {
  const channel = await services.channels.connectionForJob(channelId);
  if (!channel) return null;
  const credentials = flattenCredentials(readChannelCredentials(services.credentials, channel));
  const info: ConnectionInfo = {
    id: channel.id,
    uuid: channel.uuid,
    companyId: channel.company_id,
    storeId: channel.store_id,
    kind: channel.kind === 'plugin' ? 'plugin' : 'channel',
    type: channel.type,
    name: channel.name,
    apiVersion: channel.api_version,
    settings: channel.settings ?? {},
    credentials,
    tokenExpiresAt: channel.token_expires_at,
  };
  const limits: Record<string, RateLimit> = { ...(findCatalogueEntry(channel.type)?.rateLimits ?? {}) };
  for (const [operation, limit] of Object.entries(options.extraLimits ?? {})) {
    limits[operation] = stricter(limits[operation], limit);
  }
  // What the operator configured for this type replaces both.
  Object.assign(limits, runtime.limitOverrides(channel.type));
  const http = createChannelHttp({
    connection: {
      id: channel.id,
      companyId: channel.company_id,
      storeId: channel.store_id,
      kind: info.kind,
      provider: findCatalogueEntry(channel.type)?.name ?? channel.type,
    },
    jobType: options.jobType,
    limits,
    budget: runtime.budget,
    recorder: runtime.recorder,
    checkTarget: (url) => runtime.checkTarget(url),
    secrets: Object.values(credentials),
    operation: options.operation ?? null,
    retryOfId: options.retryOfId ?? null,
  });
  const app = runtime.oauthApp(channel.type);
  return { channel, info, context: { connection: info, http, ...(app ? { app } : {}) } };
}

/** Stores a refreshed token beside the other credentials (the OAuth ones under `oauth`). */
export async function saveTokenGrant(services: Services, channel: Channel, grant: TokenGrant): Promise<void> {
  const stored = readChannelCredentials(services.credentials, channel);
  const oauth = { ...((stored.oauth as Record<string, unknown> | undefined) ?? {}), ...grant.credentials };
  oauth.expires_at = grant.expiresAt?.toISOString() ?? null;
  channel.credentials = writeChannelCredentials(services.credentials, channel, { ...stored, oauth });
  channel.token_expires_at = grant.expiresAt;
  await channel.save();
  // The next refresh job follows the new expiry.
  await services.channelJobs?.sync(channel);
}
