import { randomUUID } from 'node:crypto';
import { FULFILMENT_STATUS, PLUGIN_SYNC_STATUS, PRODUCT_SYNC_STATUS } from '@syncdesk/contracts';
import type { Channel } from '../../../db/channel.models';
import type { Store } from '../../../db/models';
import { orderOf } from '../../../testing/order-import-kit';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { pushFulfilments, type FulfilmentOut } from '../../push-fulfilment/push-fulfilments.flow';
import { openLease, sweepStaleClaims } from '../outbound-claims';

const AWAITING_SEND = FULFILMENT_STATUS.byKey('awaiting_send').value;
const PENDING_SYNC = FULFILMENT_STATUS.byKey('pending_sync').value;
const SYNCED = FULFILMENT_STATUS.byKey('synced').value;
const COPY_PENDING = PLUGIN_SYNC_STATUS.byKey('pending').value;
const COPY_IN_PROGRESS = PLUGIN_SYNC_STATUS.byKey('in_progress').value;
const LEVEL_PENDING = PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value;
const LEVEL_IN_PROGRESS = PRODUCT_SYNC_STATUS.byKey('inventory_level_in_progress').value;

/** Short leases, so a send that waits outlives several of them within a test. */
const LEASE_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The sweep's jobs are the worker's business (crash-safety test); here only what it set back counts. */
const requeue = async () => undefined;

describe.each(TEST_DIALECTS)('outbound claims with leases (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let company: CompanyFixture;
  let store: Store;
  let token: string;
  let sequence = 0;
  const leaseBefore = process.env.OUTBOUND_LEASE_MS;

  beforeAll(async () => {
    process.env.OUTBOUND_LEASE_MS = String(LEASE_MS);
    database = await createTestDatabase(dialect, 'outbound_claims');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    company = await createCompany(server.services, { name: 'Leaseco', stores: ['Leaseco UK'] });
    store = company.stores[0]!;
    token = await company.tokenFor(company.owner);
  });
  afterAll(async () => {
    if (leaseBefore === undefined) delete process.env.OUTBOUND_LEASE_MS;
    else process.env.OUTBOUND_LEASE_MS = leaseBefore;
    await server?.close();
    await database?.drop();
  });

  const models = () => server.services.models;

  /** An imported order of `channel` with one fulfilment waiting to be sent (made over HTTP). */
  async function waitingFulfilment(channel: Channel) {
    const remoteId = `L-${++sequence}`;
    const result = await server.services.orderImport.importBatch(channel.id, [
      orderOf(remoteId, [{ sku: null, quantity: 1, remote_id: `${remoteId}-L1` }]),
    ]);
    const orderId = result.orderIds[0]!;
    const response = await server.request('POST', `/api/orders/${store.id}/${orderId}/fulfillments`, {
      token,
      body: { courier: 'Royal Mail', shipping_tracking_code: `RM${sequence}GB` },
    });
    expect(response.status).toBe(201);
    return { orderId, id: ((await readJson(response)) as { data: { id: number } }).data.id };
  }

  /** What a worker killed mid-send leaves: the row claimed by a run that renews nothing any more. */
  const claimedByTheDead = (leaseUntil: Date) => ({
    claimed_by: 'dead-host:1:0000',
    lease_until: leaseUntil,
  });

  it('keeps a waiting send’s claim while its call outlives many leases, so a second run sends nothing', async () => {
    const channel = await insertChannelRow(server.services, store, { name: `Shop ${++sequence}` });
    const { id } = await waitingFulfilment(channel);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowSent: FulfilmentOut[] = [];
    // The channel's budget is spent: the call waits far longer than a lease (or the job's lock).
    const slow = pushFulfilments(server.services, channel, [id], {
      async send(fulfilment) {
        await held;
        slowSent.push(fulfilment);
        return { remoteId: null };
      },
    });
    await sleep(LEASE_MS * 4);
    const row = (await models().OrderFulfillment.findByPk(id))!;
    expect(row.sync_status).toBe(PENDING_SYNC);
    expect(row.claimed_by).toMatch(/:\d+:/);
    expect(row.lease_until!.getTime()).toBeGreaterThan(Date.now());

    // The job run again after its lock lapsed, and the sweep: neither takes a live run's claim.
    const againSent: FulfilmentOut[] = [];
    const again = await pushFulfilments(server.services, channel, [id], {
      async send(fulfilment) {
        againSent.push(fulfilment);
        return { remoteId: null };
      },
    });
    expect(again.synced).toEqual([]);
    expect(await sweepStaleClaims(models(), requeue)).toEqual({
      fulfilments: [],
      pluginIds: [],
      stockChannelIds: [],
    });

    release();
    expect((await slow).synced).toEqual([id]);
    expect(slowSent).toHaveLength(1);
    expect(againSent).toEqual([]);
    const settled = (await models().OrderFulfillment.findByPk(id))!;
    expect([settled.sync_status, settled.claimed_by, settled.lease_until]).toEqual([SYNCED, null, null]);
  });

  it('sets a dead run’s claims of every kind back to waiting, grouped for their jobs, and leaves live ones', async () => {
    const channel = await insertChannelRow(server.services, store, { name: `Shop ${++sequence}` });
    const plugin = await insertChannelRow(server.services, store, {
      name: `WMS ${++sequence}`,
      kind: 'plugin',
      type: 'wms',
    });
    const dead = await waitingFulfilment(channel);
    const live = await waitingFulfilment(channel);
    const past = new Date(Date.now() - 1000);
    await models().OrderFulfillment.update(
      { sync_status: PENDING_SYNC, ...claimedByTheDead(past) },
      { where: { id: dead.id } },
    );
    const lease = openLease(models(), 'fulfilment');
    try {
      await models().OrderFulfillment.update(
        { sync_status: PENDING_SYNC, ...lease.claimValues() },
        { where: { id: live.id } },
      );
      lease.hold([live.id]);
      const deadCopy = await models().PluginOrder.create({
        order_id: dead.orderId,
        plugin_id: plugin.id,
        remote_id: null,
        sync_status: COPY_IN_PROGRESS,
        synced_at: null,
        ...claimedByTheDead(past),
      });
      const listing = await models().ChannelProduct.create({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        channel_id: channel.id,
        channel_product_id: `gid-${sequence}`,
        sku: `SKU-${sequence}`,
        remote_sku: null,
        title: 'Mug',
        quantity: 3,
        price: null,
        product_id: null,
        matched_sku: null,
        sync_status: LEVEL_IN_PROGRESS,
        ...claimedByTheDead(past),
      });

      // A sweep that dies before its jobs are queued leaves the claims for the next sweep: the jobs
      // are queued first, the claims released after (a run of those jobs releases them too).
      await expect(
        sweepStaleClaims(models(), async () => {
          throw new Error('killed before queueing');
        }),
      ).rejects.toThrow('killed before queueing');
      expect((await models().OrderFulfillment.findByPk(dead.id))!.sync_status).toBe(PENDING_SYNC);
      let statusWhenQueued: number | null = null;
      const swept = await sweepStaleClaims(models(), async () => {
        statusWhenQueued = (await models().OrderFulfillment.findByPk(dead.id))!.sync_status;
      });
      expect(statusWhenQueued).toBe(PENDING_SYNC);
      expect(swept).toEqual({
        fulfilments: [{ channelId: channel.id, fulfilmentIds: [dead.id] }],
        pluginIds: [plugin.id],
        stockChannelIds: [channel.id],
      });
      const fulfilment = (await models().OrderFulfillment.findByPk(dead.id))!;
      expect([fulfilment.sync_status, fulfilment.claimed_by, fulfilment.lease_until]).toEqual([
        AWAITING_SEND,
        null,
        null,
      ]);
      expect((await models().PluginOrder.findByPk(deadCopy.id))!.sync_status).toBe(COPY_PENDING);
      expect((await models().ChannelProduct.findByPk(listing.id))!.sync_status).toBe(LEVEL_PENDING);
      // The live run's claim is untouched, and renewing it moves only its own rows.
      expect((await models().OrderFulfillment.findByPk(live.id))!.claimed_by).toBe(lease.owner);
      expect(await lease.renew()).toBe(1);
      expect(await sweepStaleClaims(models(), requeue)).toEqual({
        fulfilments: [],
        pluginIds: [],
        stockChannelIds: [],
      });
    } finally {
      await lease.close();
      // The live run ends: its fulfilment is sent.
      await models().OrderFulfillment.update(
        { sync_status: SYNCED, claimed_by: null, lease_until: null },
        { where: { id: live.id } },
      );
    }
  });

  it('takes a claim made before leases existed once it is older than a lease', async () => {
    const channel = await insertChannelRow(server.services, store, { name: `Shop ${++sequence}` });
    const { id } = await waitingFulfilment(channel);
    await models().OrderFulfillment.update({ sync_status: PENDING_SYNC }, { where: { id } });
    expect((await sweepStaleClaims(models(), requeue)).fulfilments).toEqual([]);
    // A while later (MySQL keeps this row's time to the second).
    const later = new Date(Date.now() + 2000);
    expect(
      (await sweepStaleClaims(models(), requeue, { now: later, leaseMs: LEASE_MS })).fulfilments,
    ).toEqual([{ channelId: channel.id, fulfilmentIds: [id] }]);
  });

  it('resends a fulfilment whose send stopped (lease ran out), and refuses one still being sent', async () => {
    const channel = await insertChannelRow(server.services, store, { name: `Shop ${++sequence}` });
    const stopped = await waitingFulfilment(channel);
    const sending = await waitingFulfilment(channel);
    await models().OrderFulfillment.update(
      { sync_status: PENDING_SYNC, ...claimedByTheDead(new Date(Date.now() - 1000)) },
      { where: { id: stopped.id } },
    );
    await models().OrderFulfillment.update(
      { sync_status: PENDING_SYNC, ...claimedByTheDead(new Date(Date.now() + 60_000)) },
      { where: { id: sending.id } },
    );
    const refused = await server.request('POST', '/api/orders/fulfillment/notSynced', {
      token,
      body: { order_fulfillment_ids: [stopped.id, sending.id] },
    });
    expect(refused.status).toBe(422);
    expect(((await readJson(refused)) as { message: string }).message).toMatch(
      /^Only failed fulfilments can be resent: .* \(pending sync\)\.$/,
    );

    const resent = await server.request('POST', '/api/orders/fulfillment/notSynced', {
      token,
      body: { order_fulfillment_ids: [stopped.id] },
    });
    expect(resent.status).toBe(200);
    const row = (await models().OrderFulfillment.findByPk(stopped.id))!;
    expect([row.sync_status, row.claimed_by, row.lease_until]).toEqual([AWAITING_SEND, null, null]);
  });

  it('resends an order to a plugin whose send stopped (lease ran out), and refuses one still being sent', async () => {
    const channel = await insertChannelRow(server.services, store, { name: `Shop ${++sequence}` });
    const plugin = await insertChannelRow(server.services, store, {
      name: `WMS ${++sequence}`,
      kind: 'plugin',
      type: 'wms',
    });
    const stopped = await waitingFulfilment(channel);
    const sending = await waitingFulfilment(channel);
    const copyOf = (orderId: number, leaseUntil: Date) =>
      models().PluginOrder.create({
        order_id: orderId,
        plugin_id: plugin.id,
        remote_id: null,
        sync_status: COPY_IN_PROGRESS,
        synced_at: null,
        ...claimedByTheDead(leaseUntil),
      });
    const stoppedCopy = await copyOf(stopped.orderId, new Date(Date.now() - 1000));
    const sendingCopy = await copyOf(sending.orderId, new Date(Date.now() + 60_000));
    const resend = (orderId: number) =>
      server.request('PUT', `/api/orders/${store.id}/${orderId}/updatePluginSyncStatus`, {
        token,
        body: { plugin_id: plugin.id },
      });

    expect((await resend(sending.orderId)).status).toBe(422);
    expect((await models().PluginOrder.findByPk(sendingCopy.id))!.sync_status).toBe(COPY_IN_PROGRESS);
    expect((await resend(stopped.orderId)).status).toBe(200);
    const row = (await models().PluginOrder.findByPk(stoppedCopy.id))!;
    expect([row.sync_status, row.claimed_by, row.lease_until]).toEqual([COPY_PENDING, null, null]);
  });
});
