import { FULFILMENT_STATUS, JOB_NAMES } from '@syncdesk/contracts';
import type { Channel } from '../../../db/channel.models';
import type { Store } from '../../../db/models';
import { orderOf } from '../../../testing/order-import-kit';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  FULFILMENT_PUSH_MESSAGES,
  fulfilmentDelayMs,
  pushFulfilments,
  type FulfilmentOut,
  type FulfilmentSender,
} from '../push-fulfilments.flow';

const AWAITING_SEND = FULFILMENT_STATUS.byKey('awaiting_send').value;
const SYNCED = FULFILMENT_STATUS.byKey('synced').value;
const FAILED = FULFILMENT_STATUS.byKey('failed').value;
const NO_FULFILMENT = FULFILMENT_STATUS.byKey('no_fulfilment').value;

/** The channel's side: a recording stand-in for the provider (job tests use the simulators). */
function recordingSender(refuse?: (fulfilment: FulfilmentOut) => Error | null) {
  const sent: FulfilmentOut[] = [];
  const sender: FulfilmentSender = {
    async send(fulfilment) {
      const error = refuse?.(fulfilment) ?? null;
      if (error) throw error;
      sent.push(fulfilment);
      return { remoteId: null };
    },
  };
  return { sender, sent };
}

describe('pushing fulfilments to the origin channel (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let company: CompanyFixture;
  let store: Store;
  let token: string;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'push_fulfilments');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    company = await createCompany(server.services, { name: 'Shipco', stores: ['Shipco UK'] });
    store = company.stores[0]!;
    token = await company.tokenFor(company.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const channelWith = (settings: Record<string, unknown> = {}) =>
    insertChannelRow(server.services, store, { name: `Shop ${++sequence}`, settings });

  /** An imported order and a fulfilment of it made as the seller makes one (over HTTP). */
  async function fulfilled(channel: Channel, body: Record<string, unknown> = {}) {
    const remoteId = `R-${++sequence}`;
    const result = await server.services.orderImport.importBatch(channel.id, [
      orderOf(remoteId, [
        { sku: null, quantity: 2, remote_id: `${remoteId}-L1` },
        { sku: null, quantity: 1, remote_id: `${remoteId}-L2` },
      ]),
    ]);
    const orderId = result.orderIds[0]!;
    const response = await server.request('POST', `/api/orders/${store.id}/${orderId}/fulfillments`, {
      token,
      body: { courier: 'Royal Mail', shipping_tracking_code: `RM${sequence}GB`, ...body },
    });
    expect(response.status).toBe(201);
    const created = (await readJson(response)) as { data: { id: number; sync_status: number } };
    return { orderId, remoteId, fulfilment: created.data };
  }

  const fulfilmentStatus = async (id: number) =>
    (await server.services.models.OrderFulfillment.findByPk(id))!.sync_status;
  const orderFulfilmentStatus = async (id: number) =>
    (await server.services.models.Order.findByPk(id))!.fulfillment_status;

  it('sends courier, tracking and the remote lines, then marks it and its order synced', async () => {
    const channel = await channelWith();
    const { orderId, remoteId, fulfilment } = await fulfilled(channel);
    const [queued] = await server.services.sequelize.query('SELECT data FROM agenda_jobs WHERE name = ?', {
      replacements: [JOB_NAMES.submitFulfillment],
    });
    expect(
      (queued as { data: string }[])
        .map((row) => JSON.parse(row.data))
        .filter((data) => data.channelId === channel.id),
    ).toEqual([{ channelId: channel.id, orderFulfillmentIds: [fulfilment.id] }]);

    const { sender, sent } = recordingSender();
    const summary = await pushFulfilments(server.services, channel, [fulfilment.id], sender);
    expect(summary).toEqual({ synced: [fulfilment.id], failed: [], delayed: [], notSent: [] });
    expect(sent).toEqual([
      {
        orderRemoteId: remoteId,
        lines: [
          { remoteId: `${remoteId}-L1`, quantity: 2 },
          { remoteId: `${remoteId}-L2`, quantity: 1 },
        ],
        courier: 'Royal Mail',
        trackingCode: `RM${sequence}GB`,
        trackingUrl: null,
        shippingMethod: 'Royal Mail 48',
      },
    ]);
    expect(await fulfilmentStatus(fulfilment.id)).toBe(SYNCED);
    expect(await orderFulfilmentStatus(orderId)).toBe(SYNCED);

    // Sent is sent: a second run (a duplicate job) sends nothing.
    await pushFulfilments(server.services, channel, [fulfilment.id], sender);
    expect(sent).toHaveLength(1);
  });

  it('marks a refused fulfilment failed, and the order’s fulfilment status follows', async () => {
    const channel = await channelWith();
    const { orderId, fulfilment } = await fulfilled(channel);
    const { sender } = recordingSender(() => new Error('The order is not in a state that can be shipped.'));
    const summary = await pushFulfilments(server.services, channel, [fulfilment.id], sender);
    expect(summary.failed).toEqual([
      { id: fulfilment.id, reason: 'The order is not in a state that can be shipped.' },
    ]);
    expect(await fulfilmentStatus(fulfilment.id)).toBe(FAILED);
    expect(await orderFulfilmentStatus(orderId)).toBe(FAILED);
  });

  it('an outage of the channel stops the run, and open pages still hear the fulfilment failed', async () => {
    const channel = await channelWith();
    const { orderId, fulfilment } = await fulfilled(channel);
    const events: { name: string; payload: unknown }[] = [];
    const outage = Object.assign(new Error('Shopify answered 500 Internal Server Error'), { kind: 'server' });
    const { sender } = recordingSender(() => outage);
    await expect(
      pushFulfilments(
        { ...server.services, publish: (event) => void events.push(event) },
        channel,
        [fulfilment.id],
        sender,
      ),
    ).rejects.toBe(outage);
    expect(await fulfilmentStatus(fulfilment.id)).toBe(FAILED);
    expect(events).toContainEqual({
      name: 'orders:changed',
      rooms: expect.any(Array),
      payload: { storeId: store.id, orderIds: [orderId] },
    });
  });

  it('holds a fulfilment inside the channel’s delay and answers when it may go', async () => {
    const channel = await channelWith({ use_delay_fulfilment: true, delay_fulfilment_interval: 2 });
    expect(fulfilmentDelayMs(channel.settings)).toBe(7_200_000);
    const { fulfilment } = await fulfilled(channel);
    const row = (await server.services.models.OrderFulfillment.findByPk(fulfilment.id))!;
    const { sender, sent } = recordingSender();
    const early = await pushFulfilments(server.services, channel, [fulfilment.id], sender);
    expect(early.delayed).toEqual([
      { id: fulfilment.id, at: new Date(row.created_at.getTime() + 7_200_000) },
    ]);
    expect(sent).toEqual([]);
    expect(await fulfilmentStatus(fulfilment.id)).toBe(AWAITING_SEND);

    const late = await pushFulfilments(server.services, channel, [fulfilment.id], sender, {
      now: new Date(row.created_at.getTime() + 7_200_001),
    });
    expect(late.synced).toEqual([fulfilment.id]);
  });

  it('sends nothing for a channel that takes no fulfilments, or one whose connector has none', async () => {
    const channel = await channelWith();
    const { fulfilment } = await fulfilled(channel);
    await channel.update({ settings: { disable_fulfillment: true } });
    const { sender, sent } = recordingSender();
    const summary = await pushFulfilments(server.services, channel, [fulfilment.id], sender);
    expect(summary.notSent).toEqual([fulfilment.id]);
    expect(sent).toEqual([]);
    expect(await fulfilmentStatus(fulfilment.id)).toBe(NO_FULFILMENT);

    const other = await channelWith();
    const second = await fulfilled(other);
    const refused = await pushFulfilments(server.services, other, [second.fulfilment.id], null);
    expect(refused.failed).toEqual([
      { id: second.fulfilment.id, reason: FULFILMENT_PUSH_MESSAGES.notOffered },
    ]);
    // Another channel's fulfilment is left alone.
    const third = await fulfilled(other);
    expect(await pushFulfilments(server.services, channel, [third.fulfilment.id], sender)).toEqual({
      synced: [],
      failed: [],
      delayed: [],
      notSent: [],
    });
    expect(await fulfilmentStatus(third.fulfilment.id)).toBe(AWAITING_SEND);
  });
});
