import { randomUUID } from 'node:crypto';
import { readChannelCredentials, writeChannelCredentials } from '@syncdesk/api';
import {
  createCompany,
  createTestDatabase,
  TEST_DIALECTS,
  type CompanyFixture,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { memoryRecorder } from '@syncdesk/integrations';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  SHOPIFY_SIMULATOR_DEFAULTS,
  startShopifySimulator,
  type ShopifySimulator,
} from '@syncdesk/integrations';
import { createSyncRuntime } from '../../../sync/sync-runtime';
import type { JobContext } from '../../job-definition';
import { getOrdersJob } from '../get-orders.job';
import { refreshTokensJob } from '../refresh-tokens.job';

const silent = { info: () => undefined, error: () => undefined };
const SEEDED_REFRESH = 'shprt_seeded_refresh_token';

describe.each(TEST_DIALECTS)('OAuth token refresh of a channel (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let shop: ShopifySimulator;
  let alpha: CompanyFixture;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'refresh_tokens');
    server = await startTestProcess(database.url, {
      OAUTH_PROVIDERS_JSON: JSON.stringify({
        shopify: {
          clientId: SHOPIFY_SIMULATOR_DEFAULTS.clientId,
          clientSecret: SHOPIFY_SIMULATOR_DEFAULTS.clientSecret,
        },
      }),
    });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    shop = await startShopifySimulator({
      host: '127.0.0.1',
      port: 0,
      refreshToken: SEEDED_REFRESH,
      // Still valid, but within the minute in which jobs renew it first.
      accessTokenExpiresAt: new Date(Date.now() + 30_000),
    });
  });
  afterEach(async () => {
    await shop?.close();
  });

  const services = () => server.services;
  const contextOf = (): JobContext => ({
    services: services(),
    logger: silent,
    sync: createSyncRuntime({
      services: services(),
      recorder: memoryRecorder(),
      allowedOrigins: [new URL(shop.url).origin],
    }),
  });

  async function shopifyChannel(expiresInMs: number, refreshToken = SEEDED_REFRESH) {
    const uuid = randomUUID();
    return services().models.Channel.create({
      uuid,
      company_id: alpha.company.id,
      store_id: alpha.stores[0]!.id,
      kind: 'channel',
      type: 'shopify',
      name: `Shopify ${uuid.slice(0, 6)}`,
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: shop.url },
      credentials: writeChannelCredentials(
        services().credentials,
        { uuid },
        { oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken, refresh_token: refreshToken } },
      ),
      authorized_at: new Date(),
      token_expires_at: new Date(Date.now() + expiresInMs),
    });
  }

  it('renews an expiring token once even when two jobs of the channel find it expiring at the same time', async () => {
    shop.state.createOrder();
    const channel = await shopifyChannel(30_000);
    await Promise.all([
      getOrdersJob.handler({ channelId: channel.id }, contextOf()),
      getOrdersJob.handler({ channelId: channel.id }, contextOf()),
    ]);
    expect(shop.state.refreshCount()).toBe(1);

    await channel.reload();
    const oauth = readChannelCredentials(services().credentials, channel).oauth as Record<string, string>;
    expect(oauth.access_token).not.toBe(SHOPIFY_SIMULATOR_DEFAULTS.accessToken);
    expect(oauth.refresh_token).not.toBe(SEEDED_REFRESH);
    expect(channel.token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    // Both downloads went ahead with the renewed token.
    expect(await services().models.Order.count({ where: { channel_id: channel.id } })).toBe(1);
    expect(await services().models.ChannelSyncState.findByPk(channel.id)).toMatchObject({
      consecutive_errors: 0,
      token_refresh_claimed_at: null,
    });
  });

  it('renews ahead of expiry from the refresh job, and leaves a token with time to spare alone', async () => {
    const soon = await shopifyChannel(5 * 60_000);
    await refreshTokensJob.handler({ channelId: soon.id }, contextOf());
    expect(shop.state.refreshCount()).toBe(1);

    const later = await shopifyChannel(2 * 60 * 60_000);
    await refreshTokensJob.handler({ channelId: later.id }, contextOf());
    expect(shop.state.refreshCount()).toBe(1);
  });

  it('reports a refused refresh (invalid_grant) as an expired token, told to the managers once', async () => {
    const channel = await shopifyChannel(30_000, 'shprt_revoked_by_the_merchant');
    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    expect(await services().models.ChannelSyncState.findByPk(channel.id)).toMatchObject({
      consecutive_errors: 2,
      last_error_kind: 'token_expired',
      token_refresh_claimed_at: null,
    });
    const notices = await services().models.Notification.findAll({
      where: { user_id: alpha.owner.id, title: `${channel.name}: channel token expired` },
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.level).toBe(1);
  });
  it('exchanges a Shopify token stored without expiry for an expiring one, once, before the job’s calls', async () => {
    const other = await startShopifySimulator({
      host: '127.0.0.1',
      port: 0,
      accessTokenExpiresAt: null,
      refreshToken: null,
    });
    try {
      other.state.createOrder();
      const uuid = randomUUID();
      const channel = await services().models.Channel.create({
        uuid,
        company_id: alpha.company.id,
        store_id: alpha.stores[0]!.id,
        kind: 'channel',
        type: 'shopify',
        name: `Shopify ${uuid.slice(0, 6)}`,
        is_active: true,
        account_nominal_code: null,
        api_version: null,
        settings: { shop_url: other.url },
        credentials: writeChannelCredentials(
          services().credentials,
          { uuid },
          { oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken } },
        ),
        authorized_at: new Date(),
        token_expires_at: null,
      });
      const context: JobContext = {
        ...contextOf(),
        sync: createSyncRuntime({
          services: services(),
          recorder: memoryRecorder(),
          allowedOrigins: [new URL(other.url).origin],
        }),
      };
      await Promise.all([
        getOrdersJob.handler({ channelId: channel.id }, context),
        getOrdersJob.handler({ channelId: channel.id }, context),
      ]);
      expect(other.state.tokenGrants()).toEqual([{ kind: 'token_exchange', expiring: true }]);
      await channel.reload();
      const oauth = readChannelCredentials(services().credentials, channel).oauth as Record<string, string>;
      expect(oauth.access_token).not.toBe(SHOPIFY_SIMULATOR_DEFAULTS.accessToken);
      expect(oauth.refresh_token).toBeTruthy();
      expect(channel.token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
      // The downloads went ahead with the new token (the old one no longer opens the API).
      expect(await services().models.Order.count({ where: { channel_id: channel.id } })).toBe(1);
    } finally {
      await other.close();
    }
  });
});
