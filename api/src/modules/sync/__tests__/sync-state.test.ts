import { randomUUID } from 'node:crypto';
import {
  FULFILMENT_STATUS,
  PLUGIN_SYNC_STATUS,
  PRODUCT_SYNC_STATUS,
  type ConnectionSyncHealthDto,
  type SyncChangedEvent,
} from '@syncdesk/contracts';
import type { Channel } from '../../../db/channel.models';
import type { User } from '../../../db/models';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { connected, nextEvent, readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { DEACTIVATE_AFTER_MS } from '../sync-state.service';

const HOUR = 60 * 60 * 1000;

describe.each(TEST_DIALECTS)('channel sync state and health (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let manager: User;
  let reader: User;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'sync_state');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    manager = await alpha.addMember(['channels.read', 'channels.update']);
    reader = await alpha.addMember(['channels.read']);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const services = () => server.services;
  const newChannel = (
    overrides: Partial<{
      name: string;
      is_active: boolean;
      settings: Record<string, unknown>;
      kind: 'channel' | 'plugin';
      type: string;
    }> = {},
  ) =>
    services().models.Channel.create({
      uuid: randomUUID(),
      company_id: alpha.company.id,
      store_id: alpha.stores[0]!.id,
      kind: overrides.kind ?? 'channel',
      type: overrides.type ?? 'mirakl-decathlon',
      name: overrides.name ?? 'Decathlon FR',
      is_active: overrides.is_active ?? true,
      account_nominal_code: null,
      api_version: null,
      settings: overrides.settings ?? {},
      credentials: null,
      authorized_at: null,
      token_expires_at: null,
    });
  const stateOf = (channel: Channel) => services().models.ChannelSyncState.findByPk(channel.id);
  const noticesAbout = async (channel: Channel) =>
    (await services().models.Notification.findAll({ order: [['id', 'ASC']] })).filter((row) =>
      row.title.startsWith(channel.name),
    );
  const health = async (storeId: number, channelId: number, user: User = alpha.owner) => {
    const response = await server.request('GET', `/api/stores/${storeId}/channels/${channelId}/sync`, {
      token: await alpha.tokenFor(user),
    });
    return { status: response.status, body: (await readJson(response)) as { data: ConnectionSyncHealthDto } };
  };

  it('moves the watermark only forward', async () => {
    const channel = await newChannel();
    const { syncState } = services();
    expect(await syncState.watermarkOf(channel.id)).toBeNull();
    await syncState.advanceWatermark(channel.id, new Date('2026-11-20T10:00:00.250Z'));
    // An older run finishing late must not take the watermark back.
    await syncState.advanceWatermark(channel.id, new Date('2026-11-20T09:00:00Z'));
    expect((await syncState.watermarkOf(channel.id))?.toISOString()).toBe('2026-11-20T10:00:00.250Z');
    await syncState.advanceWatermark(channel.id, new Date('2026-11-21T00:00:00Z'));
    expect((await syncState.watermarkOf(channel.id))?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });

  it('counts consecutive errors from the first one, and a success ends the run', async () => {
    const channel = await newChannel();
    const { syncState } = services();
    const first = new Date(Date.now() - 2 * HOUR);
    await syncState.runFailed(channel.id, { kind: 'server', message: 'Mirakl answered 500' }, first);
    await syncState.runFailed(channel.id, { kind: 'timeout', message: 'No answer within 20 s' });
    expect(await stateOf(channel)).toMatchObject({
      consecutive_errors: 2,
      failing_since: first,
      last_error: 'No answer within 20 s',
      last_error_kind: 'timeout',
    });
    await syncState.runSucceeded(channel.id);
    const state = await stateOf(channel);
    expect(state).toMatchObject({ consecutive_errors: 0, failing_since: null });
    expect(state?.last_success_at).toBeInstanceOf(Date);
    // Server errors are not something the seller must act on: nobody was notified.
    expect(await noticesAbout(channel)).toEqual([]);
  });

  it('tells the channel managers once per run of errors that the token expired or the credentials were refused', async () => {
    const channel = await newChannel({ name: 'Token Shop' });
    const { syncState } = services();
    await syncState.runFailed(channel.id, { kind: 'token_expired', message: 'invalid_grant' });
    await syncState.runFailed(channel.id, { kind: 'token_expired', message: 'invalid_grant' });
    await syncState.runFailed(channel.id, { kind: 'auth', message: 'API call without authentication' });
    await syncState.runFailed(channel.id, { kind: 'auth', message: 'API call without authentication' });
    let notices = await noticesAbout(channel);
    // The owner and the member who may update channels; not the read-only member.
    expect(new Set(notices.map((row) => row.user_id))).toEqual(new Set([alpha.owner.id, manager.id]));
    expect(notices.filter((row) => row.user_id === manager.id)).toEqual([
      expect.objectContaining({
        level: 1,
        title: 'Token Shop: channel token expired',
        link: `/stores/${alpha.stores[0]!.id}/channels/${channel.id}`,
        company_id: alpha.company.id,
      }),
      expect.objectContaining({ level: 2, title: 'Token Shop: authentication issue' }),
    ]);
    expect(notices.some((row) => row.user_id === reader.id)).toBe(false);

    // A new run of errors (after a success) is told again.
    await syncState.runSucceeded(channel.id);
    await syncState.runFailed(channel.id, { kind: 'token_expired', message: 'invalid_grant' });
    notices = await noticesAbout(channel);
    expect(notices.filter((row) => row.user_id === manager.id && row.level === 1)).toHaveLength(2);
  });

  it("links a plugin's notice to the plugin's own page and words it as a plugin", async () => {
    const plugin = await newChannel({ name: 'Warehouse WMS', kind: 'plugin', type: 'shipstation' });
    await services().syncState.runFailed(plugin.id, { kind: 'token_expired', message: 'invalid_grant' });
    const [notice] = (await noticesAbout(plugin)).filter((row) => row.user_id === manager.id);
    expect(notice).toEqual(
      expect.objectContaining({
        title: 'Warehouse WMS: plugin token expired',
        link: `/stores/${alpha.stores[0]!.id}/plugins/${plugin.id}`,
      }),
    );
    expect(notice!.message).toContain('Reconnect the plugin');
    expect(notice!.message).not.toContain('channel');
  });

  it('switches a channel off after more than 24 hours of consecutive errors, and says so once', async () => {
    const channel = await newChannel({ name: 'Failing Shop' });
    const { syncState } = services();
    const began = new Date(Date.now() - 30 * HOUR);
    await syncState.runFailed(channel.id, { kind: 'server', message: 'Mirakl answered 503' }, began);
    // Exactly 24 hours is not "more than 24 hours".
    await syncState.runFailed(
      channel.id,
      { kind: 'server', message: 'Mirakl answered 503' },
      new Date(began.getTime() + DEACTIVATE_AFTER_MS),
    );
    await channel.reload();
    expect(channel.is_active).toBe(true);

    await Promise.all([
      syncState.runFailed(channel.id, { kind: 'server', message: 'Mirakl answered 503' }),
      syncState.runFailed(channel.id, { kind: 'server', message: 'Mirakl answered 503' }),
    ]);
    await channel.reload();
    expect(channel.is_active).toBe(false);
    expect((await stateOf(channel))?.deactivated_at).toBeInstanceOf(Date);
    const notices = await noticesAbout(channel);
    expect(notices.map((row) => [row.user_id, row.level, row.title])).toEqual(
      expect.arrayContaining([
        [alpha.owner.id, 2, 'Failing Shop was deactivated'],
        [manager.id, 2, 'Failing Shop was deactivated'],
      ]),
    );
    expect(notices).toHaveLength(2);
    expect(notices[0]!.message).toContain('was deactivated after more than 24 hours of consecutive errors');
  });

  it('answers a channel health with its lag and waiting pushes, and 404 for another company', async () => {
    const channel = await newChannel({ name: 'Lagging Shop' });
    const { syncState, models } = services();
    const storeId = alpha.stores[0]!.id;
    await models.ChannelProduct.bulkCreate(
      [
        PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value,
        PRODUCT_SYNC_STATUS.byKey('synced').value,
      ].map((syncStatus, index) => ({
        uuid: randomUUID(),
        company_id: alpha.company.id,
        store_id: storeId,
        channel_id: channel.id,
        channel_product_id: `LST-${index}`,
        sku: `SKU-${index}`,
        remote_sku: null,
        title: null,
        quantity: 3,
        price: null,
        product_id: null,
        matched_sku: null,
        sync_status: syncStatus,
      })),
    );
    const imported = await services().orderImport.importBatch(channel.id, [
      {
        remote_id: 'LAG-1',
        order_number: 'LAG-1',
        status: 'Unshipped',
        currency: 'EUR',
        total: '10.00',
        order_date: '2026-11-20T10:00:00Z',
        lines: [{ remote_id: 'l1', sku: 'SKU-0', quantity: 1, price: '10.00' }],
      },
    ]);
    const orderId = imported.orderIds[0]!;
    await models.OrderFulfillment.bulkCreate(
      [FULFILMENT_STATUS.byKey('awaiting_send').value, FULFILMENT_STATUS.byKey('synced').value].map(
        (syncStatus) => ({
          uuid: randomUUID(),
          order_id: orderId,
          courier: 'DPD',
          shipping_method: null,
          shipping_tracking_code: 'T1',
          sync_status: syncStatus,
          lines: null,
        }),
      ),
    );

    const announced = new Date(Date.now() - 90_000);
    await syncState.noteUnimported(channel.id, announced);
    await syncState.noteUnimported(channel.id, new Date());
    let answer = await health(storeId, channel.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      channel_id: channel.id,
      channel_name: 'Lagging Shop',
      is_active: true,
      pending_stock_pushes: 1,
      pending_fulfilments: 1,
      consecutive_errors: 0,
    });
    expect(answer.body.data.lag_seconds).toBeGreaterThanOrEqual(90);

    // A complete download that began after the announced change has imported it.
    await syncState.ordersChecked(channel.id, new Date());
    answer = await health(storeId, channel.id);
    expect(answer.body.data.lag_seconds).toBe(0);
    // No download scheduled (the job schedule keeps the recurring one): none is shown.
    expect(answer.body.data.next_run_at).toBeNull();
    const due = new Date(Date.now() + 60 * 60_000);
    await services().jobs.enqueueAt('channels.get_orders', { channelId: channel.id }, due);
    // Another channel whose id starts with this one's digits, due sooner: not this channel's run.
    await services().jobs.enqueueAt(
      'channels.get_orders',
      { channelId: Number(`${channel.id}1`) },
      new Date(Date.now() + 60_000),
    );
    answer = await health(storeId, channel.id);
    expect(Date.parse(answer.body.data.next_run_at!)).toBe(due.getTime());

    // Three intervals without a complete download: the run is overdue and the lag shows it.
    const longAgo = new Date(Date.now() - 3 * 300_000);
    await models.ChannelSyncState.update(
      { orders_checked_at: longAgo },
      { where: { channel_id: channel.id } },
    );
    answer = await health(storeId, channel.id);
    expect(answer.body.data.lag_seconds).toBeGreaterThanOrEqual(900);

    // The dashboard's worst connection is this one (it is the furthest behind of Alpha's).
    const scope = await services().scopes.resolve(await alpha.tokenFor(alpha.owner), {
      clientIp: '127.0.0.1',
      via: 'api',
    });
    expect((await syncState.worst(scope))?.channel_id).toBe(channel.id);

    // Beta's owner asks for Alpha's channel through Beta's store and Alpha's store: 404 both times.
    const betaToken = await beta.tokenFor(beta.owner);
    for (const store of [beta.stores[0]!.id, storeId]) {
      const response = await server.request('GET', `/api/stores/${store}/channels/${channel.id}/sync`, {
        token: betaToken,
      });
      expect(response.status).toBe(404);
    }
  });

  it('counts sends a stopped worker left in the lag and on the dashboard until they are taken back', async () => {
    const quiet = await newChannel({ name: 'Quiet Shop' });
    const stuck = await newChannel({ name: 'Stuck Shop' });
    const plugin = await newChannel({ name: 'Stuck Warehouse', kind: 'plugin', type: 'wms' });
    const { models } = services();
    const storeId = alpha.stores[0]!.id;
    await services().syncState.ordersChecked(quiet.id, new Date());
    await services().syncState.ordersChecked(stuck.id, new Date());
    const imported = await services().orderImport.importBatch(stuck.id, [
      {
        remote_id: 'STUCK-1',
        order_number: 'STUCK-1',
        status: 'Unshipped',
        currency: 'EUR',
        total: '10.00',
        order_date: '2026-11-20T10:00:00Z',
        lines: [{ remote_id: 'l1', sku: 'SKU-0', quantity: 1, price: '10.00' }],
      },
    ]);
    const orderId = imported.orderIds[0]!;
    // The worker died two hours ago (no sweep ran since); the other claim is a live run's.
    const ranOut = new Date(Date.now() - 2 * HOUR);
    const claim = (leaseUntil: Date) => ({ claimed_by: 'gone:1:00000000', lease_until: leaseUntil });
    await models.OrderFulfillment.bulkCreate(
      [ranOut, new Date(Date.now() + 60_000)].map((leaseUntil) => ({
        uuid: randomUUID(),
        order_id: orderId,
        courier: 'DPD',
        shipping_method: null,
        shipping_tracking_code: 'T1',
        sync_status: FULFILMENT_STATUS.byKey('pending_sync').value,
        lines: null,
        ...claim(leaseUntil),
      })),
    );
    await models.PluginOrder.create({
      order_id: orderId,
      plugin_id: plugin.id,
      remote_id: null,
      sync_status: PLUGIN_SYNC_STATUS.byKey('in_progress').value,
      synced_at: null,
      ...claim(ranOut),
    });

    const stuckHealth = (await health(storeId, stuck.id)).body.data;
    expect(stuckHealth.stuck_sends).toBe(1);
    expect(stuckHealth.lag_seconds).toBeGreaterThanOrEqual(7200);
    expect((await health(storeId, plugin.id)).body.data.stuck_sends).toBe(1);
    expect((await health(storeId, quiet.id)).body.data).toMatchObject({ stuck_sends: 0, lag_seconds: 0 });
    const scope = await services().scopes.resolve(await alpha.tokenFor(alpha.owner), {
      clientIp: '127.0.0.1',
      via: 'api',
    });
    const worst = await services().syncState.worst(scope);
    // Further behind than the overdue download of the test before: stuck sends rank on the dashboard.
    expect(worst?.lag_seconds).toBeGreaterThanOrEqual(7200);
    expect([stuck.id, plugin.id]).toContain(worst?.channel_id);

    // Taken back (the sweep, or a resend): nothing stuck, no lag.
    await models.OrderFulfillment.update(
      { sync_status: FULFILMENT_STATUS.byKey('awaiting_send').value, claimed_by: null, lease_until: null },
      { where: { order_id: orderId, lease_until: ranOut } },
    );
    expect((await health(storeId, stuck.id)).body.data).toMatchObject({ stuck_sends: 0, lag_seconds: 0 });
  });

  it('tells the store room when a channel health changes', async () => {
    const channel = await newChannel();
    const socket = server.connect(await alpha.tokenFor(alpha.owner));
    await connected(socket);
    const event = nextEvent<SyncChangedEvent>(socket, 'sync:changed');
    await services().syncState.runFailed(channel.id, { kind: 'server', message: 'down' });
    expect(await event).toEqual({ storeId: alpha.stores[0]!.id, channelId: channel.id });
  });

  it('lets one caller at a time claim a token refresh', async () => {
    const channel = await newChannel();
    const { syncState } = services();
    const claims = await Promise.all([1, 2, 3, 4].map(() => syncState.claimTokenRefresh(channel.id)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await syncState.tokenRefreshClaimed(channel.id)).toBe(true);
    await syncState.releaseTokenRefresh(channel.id);
    expect(await syncState.tokenRefreshClaimed(channel.id)).toBe(false);
    // A claim left by a crashed job goes stale and can be taken over.
    expect(await syncState.claimTokenRefresh(channel.id, new Date(Date.now() - 5 * 60_000))).toBe(true);
    expect(await syncState.claimTokenRefresh(channel.id)).toBe(true);
  });

  it('lets one inbox download at a time hold a channel, and a dead run’s claim age out', async () => {
    const channel = await newChannel();
    const { syncState } = services();
    const claims = await Promise.all([1, 2, 3].map(() => syncState.claimRun(channel.id, 'inbox', 90_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    await syncState.releaseRun(channel.id, 'inbox');
    expect(await syncState.claimRun(channel.id, 'inbox', 90_000)).toBe(true);
    // Not released (the worker died): another run waits until the claim is older than the limit.
    expect(await syncState.claimRun(channel.id, 'inbox', 90_000)).toBe(false);
    expect(await syncState.claimRun(channel.id, 'inbox', 90_000, new Date(Date.now() + 91_000))).toBe(true);
  });
});
