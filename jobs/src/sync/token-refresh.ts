import type { Channel, Services } from '@syncdesk/api';
import { ConnectorError, type ChannelConnector } from '@syncdesk/integrations';
import { providerFor } from '@syncdesk/integrations';
import { openConnection, saveTokenGrant, type OpenConnection } from './open-connection';
import type { SyncRuntime } from './sync-runtime';

/** A token expiring within this is renewed before a job's calls. */
export const REFRESH_AHEAD_MS = 60_000;

export interface TokenRefreshOptions {
  /** Renew when the token expires within this (default a minute); the refresh job looks further ahead. */
  aheadMs?: number;
  /** How long a job waits for another job's refresh before going on with what it has. */
  waitMs?: number;
  pollMs?: number;
  retryOfId?: number | null;
}

/** What the provider answers for a refresh token it no longer honours (OAuth 2, RFC 6749 §5.2). */
const isInvalidGrant = (error: ConnectorError) =>
  error.kind === 'token_expired' || error.details.code === 'invalid_grant';

const expiresWithin = (channel: Pick<Channel, 'token_expires_at'>, aheadMs: number) =>
  channel.token_expires_at !== null && channel.token_expires_at.getTime() - Date.now() <= aheadMs;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Renews the channel's OAuth token when it expires within `aheadMs`, so a job's calls go out with a
 * valid one. One refresh at a time per channel, across workers: the refresh is claimed with a
 * conditional UPDATE (channel_sync_states.token_refresh_claimed_at); a job that loses the claim
 * waits for the winner and re-reads the token instead of refreshing again — with rotating refresh
 * tokens (Shopify's expiring offline tokens, Xero) a second refresh would spend a token the first
 * one already replaced. A refresh the provider refuses with invalid_grant is a token_expired error
 * (the seller must reconnect). Answers the channel as it is now stored.
 */
export async function ensureFreshToken(
  services: Services,
  runtime: SyncRuntime,
  channel: Channel,
  options: TokenRefreshOptions = {},
): Promise<Channel> {
  const aheadMs = options.aheadMs ?? REFRESH_AHEAD_MS;
  const provider = providerFor(channel.type);
  // A token stored without expiry, of a provider whose tokens expire: a token to exchange once.
  const toMigrate = (row: Pick<Channel, 'token_expires_at'>) =>
    row.token_expires_at === null && provider?.tokenRefresh === true;
  const due = (row: Pick<Channel, 'token_expires_at'>) => expiresWithin(row, aheadMs) || toMigrate(row);
  if (!due(channel)) return channel;
  const createConnector = provider?.kind === 'channel' ? provider.connector : undefined;
  if (!createConnector) return channel;
  const { syncState } = services;
  const waitMs = options.waitMs ?? 30_000;
  const pollMs = options.pollMs ?? 200;
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    if (await syncState.claimTokenRefresh(channel.id)) break;
    // Another job is refreshing: wait until it lets go, then use what it stored.
    while ((await syncState.tokenRefreshClaimed(channel.id)) && Date.now() < giveUpAt) await sleep(pollMs);
    await channel.reload();
    if (!due(channel) || Date.now() >= giveUpAt) return channel;
  }
  try {
    // The winner re-reads first: a refresh that ended between our read and our claim already did the work.
    await channel.reload();
    if (!due(channel)) return channel;
    const open = await openConnection(services, runtime, channel.id, {
      jobType: 'refresh_tokens',
      operation: { job: 'channels.refresh_tokens', data: { channelId: channel.id } },
      retryOfId: options.retryOfId ?? null,
    });
    if (!open) return channel;
    const connector = createConnector(open.context);
    if (toMigrate(channel)) return await migrateToken(services, open, connector, channel);
    if (!connector.refreshToken) return channel;
    try {
      const grant = await connector.refreshToken();
      // Stored (the rotated refresh token with it) before any call uses the new access token: the
      // old refresh token is spent, so a grant lost here would leave the channel to reconnect.
      await saveTokenGrant(services, open.channel, grant);
    } catch (error) {
      if (error instanceof ConnectorError && isInvalidGrant(error) && error.kind !== 'token_expired') {
        throw new ConnectorError('token_expired', error.message, error.details);
      }
      throw error;
    }
    await channel.reload();
    return channel;
  } finally {
    await syncState.releaseTokenRefresh(channel.id);
  }
}

/**
 * A token stored without expiry moved to an expiring one (Shopify's token exchange: non-expiring
 * offline tokens stop working on 1 January 2027). Only a token that came without a refresh token
 * is exchanged; a refusal that says the token is dead is the usual token_expired, anything else
 * (Shopify unreachable) leaves the old token in use and the next job tries again.
 */
async function migrateToken(
  services: Services,
  open: OpenConnection,
  connector: ChannelConnector,
  channel: Channel,
): Promise<Channel> {
  const { credentials } = open.info;
  if (!connector.migrateToken || !credentials.access_token || credentials.refresh_token) return channel;
  try {
    const grant = await connector.migrateToken();
    await saveTokenGrant(services, open.channel, grant);
  } catch (error) {
    if (error instanceof ConnectorError && error.kind === 'token_expired') throw error;
    return channel;
  }
  await channel.reload();
  return channel;
}
