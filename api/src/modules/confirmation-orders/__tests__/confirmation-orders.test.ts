import { randomUUID } from 'node:crypto';
import {
  ACKNOWLEDGEMENT_MESSAGES,
  type ConfirmationOrderImport,
  type ConfirmationOrderItemDto,
} from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import type { Channel } from '../../../db/channel.models';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { CONFIRMATION_ORDER_MESSAGES } from '../confirmation-order.service';

const DAY = 86_400_000;

describe.each(TEST_DIALECTS)('confirmation orders (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let store: Store;
  let otherStore: Store;
  let channel: Channel;
  let secondChannel: Channel;
  let ownerToken: string;
  let readerToken: string;
  let betaToken: string;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'confirmation_orders');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha EU'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    [store, otherStore] = alpha.stores as [Store, Store];
    ownerToken = await alpha.tokenFor(alpha.owner);
    readerToken = await alpha.tokenFor(await alpha.addMember(['orders.read']));
    betaToken = await beta.tokenFor(beta.owner);
    channel = await insertChannelRow(server.services, store, {
      name: 'Amazon Vendor UK',
      type: 'amazonvendor',
    });
    secondChannel = await insertChannelRow(server.services, store, { name: 'Amazon Vendor DE' });
    await server.services.models.Product.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      sku: 'MUG-1',
      title: 'Mug',
      nominal_code: null,
      barcode: null,
      price: null,
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  };

  const purchaseOrder = (overrides: Partial<ConfirmationOrderImport> = {}): ConfirmationOrderImport => ({
    purchase_order_number: `PO-${++sequence}`,
    status: 'Placed',
    order_date: '2026-11-20T09:00:00Z',
    acknowledge_by: new Date(Date.now() + 2 * DAY).toISOString(),
    buyer_party_id: 'AMZN-UK',
    ship_to_party_id: 'LTN1',
    selling_party_id: 'VENDOR1',
    currency: 'gbp',
    items: [
      {
        item_sequence_number: '1',
        sku: 'MUG-1',
        remote_product_id: 'B000MUG',
        title: 'Mug',
        ordered_quantity: 10,
        net_cost: '4.5',
      },
      { item_sequence_number: '2', sku: 'PLATE-1', title: 'Plate', ordered_quantity: 4, net_cost: '7.25' },
      { item_sequence_number: '3', sku: 'BOWL-1', title: 'Bowl', ordered_quantity: 6 },
    ],
    ...overrides,
  });

  const importOne = async (overrides: Partial<ConfirmationOrderImport> = {}, into: Channel = channel) => {
    const result = await server.services.confirmationOrders.importBatch(into.id, [purchaseOrder(overrides)]);
    expect(result.failed).toEqual([]);
    return result.ids[0]!;
  };
  const base = (s: Store = store) => `/confirmationOrders/${s.id}`;
  const itemsOf = async (id: number) => {
    const response = await call('GET', `${base()}/${id}/confirmationOrderItems`, ownerToken);
    expect(response.status).toBe(200);
    return response.body.data as ConfirmationOrderItemDto[];
  };
  const updateItem = (id: number, itemId: number, body: unknown, token = ownerToken) =>
    call('PUT', `${base()}/${id}/${itemId}/updateItem`, token, body);
  const submit = (id: number, token = ownerToken) =>
    call('POST', `${base()}/${id}/submitAcKnowledgement`, token, {});

  it('imports idempotently on (channel, purchase order number) and keeps the seller’s acknowledgement on re-import', async () => {
    const batch = [purchaseOrder(), purchaseOrder()];
    const first = await server.services.confirmationOrders.importBatch(channel.id, batch);
    expect(first).toMatchObject({ created: 2, updated: 0, failed: [] });
    const count = () => server.services.models.ConfirmationOrder.count({ where: { channel_id: channel.id } });
    const itemCount = () => server.services.models.ConfirmationOrderItem.count();
    const [orders, items] = [await count(), await itemCount()];

    // The same batch again: same rows, nothing written, no activity.
    const activitiesBefore = await server.services.models.Activity.count();
    const again = await server.services.confirmationOrders.importBatch(channel.id, batch);
    expect(again).toMatchObject({ created: 0, updated: 0, failed: [] });
    expect(again.ids.sort()).toEqual(first.ids.sort());
    expect(await count()).toBe(orders);
    expect(await itemCount()).toBe(items);
    expect(await server.services.models.Activity.count()).toBe(activitiesBefore);

    // The seller acknowledges part of one, then the retailer changes it.
    const id = first.ids[0]!;
    const [mug] = await itemsOf(id);
    expect(mug).toMatchObject({ sku: 'MUG-1', net_cost: '4.50', ordered_quantity: 10, accepted_quantity: 0 });
    expect(mug!.product_id).not.toBeNull();
    expect((await updateItem(id, mug!.id, { accepted_quantity: 6 })).status).toBe(200);
    const changed = {
      ...batch[0]!,
      status: 'Backordered',
      items: [
        { ...batch[0]!.items[0]!, ordered_quantity: 12 },
        { item_sequence_number: '2', sku: 'PLATE-1', title: 'Plate', ordered_quantity: 4, net_cost: '7.25' },
      ],
    };
    const third = await server.services.confirmationOrders.importBatch(channel.id, [changed]);
    expect(third).toMatchObject({ created: 0, updated: 1, ids: [id] });
    const after = await itemsOf(id);
    expect(after.map((item) => item.item_sequence_number)).toEqual(['1', '2']);
    expect(after[0]).toMatchObject({ id: mug!.id, ordered_quantity: 12, accepted_quantity: 6 });
    const detail = await call('GET', `${base()}/${id}`, ownerToken);
    expect(detail.body.data).toMatchObject({ status: 'Backordered', item_count: 2, total_quantity: 16 });

    const history = await call('GET', `/activities/confirmation_order/${id}`, ownerToken);
    expect(history.status).toBe(200);
    const events = history.body.data.map((entry: { event: string }) => entry.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'confirmation_order.received',
        'confirmation_order.item_updated',
        'confirmation_order.received_update',
      ]),
    );
    const update = history.body.data.find(
      (entry: { event: string }) => entry.event === 'confirmation_order.received_update',
    );
    expect(update).toMatchObject({ old: { status: 'Placed' }, new: { status: 'Backordered' } });
  });

  it('reports a bad purchase order with its reason and stores the others', async () => {
    const result = await server.services.confirmationOrders.importBatch(channel.id, [
      purchaseOrder({ purchase_order_number: 'GOOD-1' }),
      purchaseOrder({ purchase_order_number: 'BAD-1', items: [] }),
      purchaseOrder({
        purchase_order_number: 'BAD-2',
        items: [{ item_sequence_number: '1', sku: 'X', ordered_quantity: 0 }],
      }),
      purchaseOrder({ purchase_order_number: 'BAD-3', order_date: 'yesterday' }),
      purchaseOrder({ purchase_order_number: 'BAD-4', status: 'Lost' }),
    ]);
    expect(result.created).toBe(1);
    expect(result.failed).toEqual([
      { purchase_order_number: 'BAD-1', reason: 'The purchase order has no items.' },
      {
        purchase_order_number: 'BAD-2',
        reason: 'Item 1: the ordered quantity must be a whole number of at least 1.',
      },
      { purchase_order_number: 'BAD-3', reason: 'The order date is not a date.' },
      {
        purchase_order_number: 'BAD-4',
        reason:
          'The purchase order status "Lost" is not one of Parked, Placed, Backordered, Completed, Deleted.',
      },
    ]);
    // The same number on another channel is another purchase order.
    const other = await server.services.confirmationOrders.importBatch(secondChannel.id, [
      purchaseOrder({ purchase_order_number: 'GOOD-1' }),
    ]);
    expect(other.created).toBe(1);
    expect(other.ids[0]).not.toBe(result.ids[0]);
  });

  it('lists a store’s confirmation orders with filters, search, sort and paging', async () => {
    const list = await call('GET', `${base(otherStore)}`, ownerToken);
    expect(list.body).toEqual({ data: [], meta: { total: 0 } });

    const older = await importOne({ purchase_order_number: 'LIST-OLD', order_date: '2026-10-01T10:00:00Z' });
    const newer = await importOne(
      { purchase_order_number: 'LIST-NEW', order_date: '2026-11-22T10:00:00Z' },
      secondChannel,
    );
    await server.services.models.ConfirmationOrder.update(
      { acknowledge_sync_status: 'failed' },
      { where: { id: newer } },
    );

    const all = await call('GET', `${base()}?per_page=100`, readerToken);
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(all.body.data.length);
    const dates = all.body.data.map((row: { order_date: string }) => row.order_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.body.data[0]).toMatchObject({
      id: newer,
      purchase_order_number: 'LIST-NEW',
      channel_name: 'Amazon Vendor DE',
      acknowledge_sync_status: 'failed',
      friendly_acknowledge_sync_status: 'Failed',
      item_count: 3,
      total_quantity: 20,
      currency: 'GBP',
    });

    const search = await call('GET', `${base()}?search=LIST-OLD`, readerToken);
    expect(search.body.data.map((row: { id: number }) => row.id)).toEqual([older]);
    const failed = await call('GET', `${base()}?acknowledge_sync_status[eq]=failed`, readerToken);
    expect(failed.body.data.map((row: { id: number }) => row.id)).toEqual([newer]);
    const byChannel = await call(
      'GET',
      `${base()}?channel_id[eq]=${secondChannel.id}&search=LIST`,
      readerToken,
    );
    expect(byChannel.body.data.map((row: { id: number }) => row.id)).toEqual([newer]);
    const range = await call(
      'GET',
      `${base()}?order_date[startDate]=2026-09-30%2000:00:00&order_date[endDate]=2026-10-02%2000:00:00`,
      readerToken,
    );
    expect(range.body.data.map((row: { id: number }) => row.id)).toEqual([older]);
    const status = await call(
      'GET',
      `${base()}?status[eq]=Placed&search=LIST&sort_by=order_date&sort_direction=asc`,
      readerToken,
    );
    expect(status.body.data.map((row: { id: number }) => row.id)).toEqual([older, newer]);
    const page = await call('GET', `${base()}?per_page=1&page=2&search=LIST`, readerToken);
    expect(page.body).toMatchObject({ meta: { total: 2 }, data: [{ id: older }] });
    const bad = await call('GET', `${base()}?secret[eq]=1`, readerToken);
    expect(bad.status).toBe(422);
  });

  it('shows the header with the time left until the acknowledgement deadline', async () => {
    const due = new Date(Date.now() + DAY);
    const id = await importOne({ acknowledge_by: due.toISOString() });
    const detail = await call('GET', `${base()}/${id}`, readerToken);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id,
      acknowledge_by: new Date(Math.floor(due.getTime() / 1000) * 1000).toISOString(),
      buyer_party_id: 'AMZN-UK',
      selling_party_id: 'VENDOR1',
      acknowledge_sync_status: 'pending',
      deadline: { overdue: false },
    });
    expect(detail.body.data.deadline.seconds_left).toBeGreaterThan(0);
    expect(detail.body.data.deadline.seconds_left).toBeLessThanOrEqual(86_400);

    const late = await importOne({ acknowledge_by: '2026-01-01T00:00:00Z' });
    expect((await call('GET', `${base()}/${late}`, readerToken)).body.data.deadline).toMatchObject({
      acknowledge_by: '2026-01-01T00:00:00.000Z',
      overdue: true,
    });
    const none = await importOne({ acknowledge_by: null });
    expect((await call('GET', `${base()}/${none}`, readerToken)).body.data.deadline).toBeNull();
  });

  it('lets the seller edit the selling party and note, with an activity, and refuses other fields silently', async () => {
    const id = await importOne();
    const response = await call('PUT', `${base()}/${id}`, ownerToken, {
      selling_party_id: 'VENDOR2',
      seller_note: 'Ship from the Leeds warehouse',
      purchase_order_number: 'HACKED',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      selling_party_id: 'VENDOR2',
      seller_note: 'Ship from the Leeds warehouse',
      purchase_order_number: expect.stringMatching(/^PO-/),
    });
    const history = await call('GET', `/activities/confirmation_order/${id}`, ownerToken);
    expect(history.body.data[0]).toMatchObject({
      event: 'confirmation_order.updated',
      old: { selling_party_id: 'VENDOR1', seller_note: null },
      new: { selling_party_id: 'VENDOR2', seller_note: 'Ship from the Leeds warehouse' },
    });
    const tooLong = await call('PUT', `${base()}/${id}`, ownerToken, { seller_note: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.seller_note).toEqual(['The note may not be greater than 2000 characters.']);
  });

  it('updates an item’s acknowledgement, refusing what can never be right', async () => {
    const id = await importOne();
    const [mug] = await itemsOf(id);
    const ok = await updateItem(id, mug!.id, {
      accepted_quantity: 5,
      backordered_quantity: 3,
      rejected_quantity: 2,
      rejected_reason: 'TemporarilyUnavailable',
      scheduled_ship_date: '2026-12-01',
      scheduled_delivery_date: '2026-12-03',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      accepted_quantity: 5,
      backordered_quantity: 3,
      rejected_quantity: 2,
      rejected_reason: 'TemporarilyUnavailable',
      scheduled_ship_date: '2026-12-01',
      scheduled_delivery_date: '2026-12-03',
    });

    const tooMany = await updateItem(id, mug!.id, { accepted_quantity: 6 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ accepted_quantity: [ACKNOWLEDGEMENT_MESSAGES.tooMany(10, 11)] });
    const reasonAlone = await updateItem(id, mug!.id, { rejected_quantity: 0, accepted_quantity: 7 });
    expect(reasonAlone.body.errors).toEqual({
      rejected_reason: [ACKNOWLEDGEMENT_MESSAGES.reasonWithoutRejection],
    });
    const unknown = await updateItem(id, mug!.id, { rejected_reason: 'OutOfStock' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.rejected_reason).toEqual([ACKNOWLEDGEMENT_MESSAGES.unknownReason]);
    const negative = await updateItem(id, mug!.id, { accepted_quantity: -1 });
    expect(negative.body.errors.accepted_quantity).toEqual(['The accepted quantity cannot be negative.']);
    const badDate = await updateItem(id, mug!.id, { scheduled_ship_date: '2026-13-45' });
    expect(badDate.body.errors.scheduled_ship_date).toEqual([
      'The scheduled ship date must be a date (YYYY-MM-DD).',
    ]);
    const early = await updateItem(id, mug!.id, { scheduled_delivery_date: '2026-11-30' });
    expect(early.body.errors).toEqual({
      scheduled_delivery_date: [ACKNOWLEDGEMENT_MESSAGES.deliveryBeforeShip],
    });
    // Nothing of the refused calls was kept.
    expect((await itemsOf(id))[0]).toMatchObject({
      accepted_quantity: 5,
      rejected_reason: 'TemporarilyUnavailable',
    });

    // An item of another order is 404, as is one of another store.
    const otherOrder = await importOne();
    const [otherItem] = await itemsOf(otherOrder);
    expect((await updateItem(id, otherItem!.id, { accepted_quantity: 1 })).status).toBe(404);
    expect(
      (await call('PUT', `${base(otherStore)}/${id}/${mug!.id}/updateItem`, ownerToken, {})).status,
    ).toBe(404);
  });

  it('submits an acknowledgement only when every item is accounted for, naming each problem by item', async () => {
    const id = await importOne();
    const [mug, plate, bowl] = await itemsOf(id);
    const refused = await submit(id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Some items are not fully acknowledged yet.');
    expect(Object.keys(refused.body.errors).sort()).toEqual([
      'items.0.accepted_quantity',
      'items.1.accepted_quantity',
      'items.2.accepted_quantity',
    ]);
    expect(refused.body.errors['items.0.accepted_quantity']).toEqual([
      ACKNOWLEDGEMENT_MESSAGES.notEqual(10, 0),
    ]);

    await updateItem(id, mug!.id, { accepted_quantity: 10 });
    await updateItem(id, plate!.id, { accepted_quantity: 2, rejected_quantity: 2 });
    await updateItem(id, bowl!.id, { backordered_quantity: 6 });
    const missing = await submit(id);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      'items.1.rejected_reason': [ACKNOWLEDGEMENT_MESSAGES.reasonNeeded],
      'items.2.scheduled_ship_date': [ACKNOWLEDGEMENT_MESSAGES.shipDateNeeded],
    });
    const stillPending = await call('GET', `${base()}/${id}`, ownerToken);
    expect(stillPending.body.data.acknowledge_sync_status).toBe('pending');

    await updateItem(id, plate!.id, { rejected_reason: 'ObsoleteProduct' });
    await updateItem(id, bowl!.id, { scheduled_ship_date: '2026-12-10' });
    const done = await submit(id);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(CONFIRMATION_ORDER_MESSAGES.submitted);
    expect(done.body.data).toMatchObject({
      acknowledge_sync_status: 'processing',
      friendly_acknowledge_sync_status: 'Processing',
    });
    expect(done.body.data.acknowledged_at).not.toBeNull();
    const items = await itemsOf(id);
    expect(items.map((item) => item.acknowledge_status)).toEqual(['processing', 'processing', 'processing']);
    expect(items.map((item) => item.request_state)).toEqual(['Accepted', 'Accepted', 'Accepted']);

    // While processing: no second submission, no edits.
    const twice = await submit(id);
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe(CONFIRMATION_ORDER_MESSAGES.processing);
    const edit = await updateItem(id, mug!.id, { accepted_quantity: 9 });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe(CONFIRMATION_ORDER_MESSAGES.processing);
    const header = await call('PUT', `${base()}/${id}`, ownerToken, { selling_party_id: 'OTHER' });
    expect(header.status).toBe(422);
    // The seller's own note stays editable.
    expect((await call('PUT', `${base()}/${id}`, ownerToken, { seller_note: 'Sent' })).status).toBe(200);

    // The sync engine's answer: failed lets the seller fix and resubmit; success locks it.
    await server.services.confirmationOrders.recordAcknowledgeResult(id, {
      status: 'failed',
      error: 'Invalid vendor code',
    });
    const failed = await call('GET', `${base()}/${id}`, ownerToken);
    expect(failed.body.data).toMatchObject({
      acknowledge_sync_status: 'failed',
      acknowledge_error: 'Invalid vendor code',
    });
    expect((await updateItem(id, mug!.id, { accepted_quantity: 10 })).status).toBe(200);
    expect((await submit(id)).status).toBe(200);
    await server.services.confirmationOrders.recordAcknowledgeResult(id, { status: 'success' });
    const acknowledged = await submit(id);
    expect(acknowledged.status).toBe(422);
    expect(acknowledged.body.message).toBe(CONFIRMATION_ORDER_MESSAGES.acknowledged);

    const history = await call('GET', `/activities/confirmation_order/${id}`, readerToken);
    const events = history.body.data.map((entry: { event: string }) => entry.event);
    expect(
      events.filter((event: string) => event === 'confirmation_order.acknowledgement_submitted'),
    ).toHaveLength(2);
    expect(events).toContain('confirmation_order.acknowledge_synced');
  });

  it('refuses a fully rejected item without a reason and marks it Rejected once given', async () => {
    const id = await importOne({ items: [{ item_sequence_number: '1', sku: 'GONE', ordered_quantity: 3 }] });
    const [gone] = await itemsOf(id);
    await updateItem(id, gone!.id, { rejected_quantity: 3 });
    expect((await submit(id)).body.errors).toEqual({
      'items.0.rejected_reason': [ACKNOWLEDGEMENT_MESSAGES.reasonNeeded],
    });
    await updateItem(id, gone!.id, { rejected_reason: 'InvalidProductIdentifier' });
    expect((await submit(id)).status).toBe(200);
    expect((await itemsOf(id))[0]!.request_state).toBe('Rejected');
  });

  it('needs orders.update to change and orders.read to read; other companies get 404', async () => {
    const id = await importOne();
    const [mug] = await itemsOf(id);
    expect((await call('GET', `${base()}/${id}`, readerToken)).status).toBe(200);
    expect((await updateItem(id, mug!.id, { accepted_quantity: 10 }, readerToken)).status).toBe(403);
    expect((await submit(id, readerToken)).status).toBe(403);
    expect((await call('PUT', `${base()}/${id}`, readerToken, { seller_note: 'x' })).status).toBe(403);
    const nobody = await alpha.tokenFor(await alpha.addMember(['products.read']));
    expect((await call('GET', base(), nobody)).status).toBe(403);
    expect((await call('GET', `/activities/confirmation_order/${id}`, nobody)).status).toBe(403);

    for (const [method, path] of [
      ['GET', base()],
      ['GET', `${base()}/${id}`],
      ['GET', `${base()}/${id}/confirmationOrderItems`],
      ['PUT', `${base()}/${id}`],
      ['PUT', `${base()}/${id}/${mug!.id}/updateItem`],
      ['POST', `${base()}/${id}/submitAcKnowledgement`],
      ['GET', `/activities/confirmation_order/${id}`],
    ] as const) {
      const response = await call(method, path, betaToken, method === 'GET' ? undefined : {});
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    // An id of another store of the same company is 404 too.
    expect((await call('GET', `${base(otherStore)}/${id}`, ownerToken)).status).toBe(404);
  });
});
