import { Op } from 'sequelize';
import type { RuleAction, RuleCondition, RuleRunDto, RuleTriggerEvent } from '@syncdesk/contracts';
import type { Channel } from '../../../db/channel.models';
import { firedRuleIds } from '../../../db/rule.models';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import {
  activitiesOf,
  call,
  callForm,
  countersAndReality,
  plugin,
  salesChannel,
  startActionWorld,
  type ActionWorld,
} from '../../../modules/orders/__tests__/order-action-kit';
import { orderOf, productIn, quantityOf } from '../../../testing/order-import-kit';
import { createOrderImportService } from '../../import-orders/order-import.service';
import type { CatalogueWrite } from '../../../modules/products/catalogue-writes';
import { sendOrdersToPlugin } from '../../plugin-updates/send-orders-to-plugin.flow';
import { RULES_APPLIED_EVENT } from '../apply-rule-changes';
import { storeRule } from './rule-test-kit';
import { addStatusMove, moveOrderStatusCounts } from '../../../modules/orders/order-status-counts';

const PENDING = 0;
const ON_HOLD = 3;
const WAITING = 15;

/** The rule runner over a real process on SQLite: import hook, plugin send, runs by hand and backfill. */
describe('rule runner (sqlite)', () => {
  let database: TestDatabase;
  let world: ActionWorld;
  let priority = 0;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'rule_runner');
    world = await startActionWorld(database);
  });
  afterAll(async () => {
    await world?.server.close();
    await database?.drop();
  });
  afterEach(async () => {
    // Each test brings its own rules.
    await world.server.services.models.RuleEngine.destroy({ where: {} });
  });

  const condition = (
    field: RuleCondition['field'],
    operator: RuleCondition['operator'],
    value: string | null,
  ) => ({
    field,
    operator,
    value,
  });

  function ruleOf(
    name: string,
    conditions: RuleCondition[],
    actions: RuleAction[],
    triggers: RuleTriggerEvent[] = ['order_imported'],
    store = world.store,
  ) {
    return storeRule(world.server, store, {
      name,
      priority: ++priority,
      groups: [{ match: 'all', conditions }],
      actions,
      triggers,
    });
  }

  let sequence = 0;
  const germanOrder = (remoteId: string, lines = [{ sku: null as string | null, quantity: 1 }], extra = {}) =>
    orderOf(remoteId, lines, {
      shipping_address: {
        name: 'Ada',
        line1: '1 Hauptstr.',
        city: 'Berlin',
        postcode: '10115',
        country: 'DE',
      },
      ...extra,
    });
  const importOne = async (channel: Channel, order: ReturnType<typeof orderOf>) => {
    const result = await world.server.services.orderImport.importBatch(channel.id, [order]);
    if (result.failed) throw new Error(JSON.stringify(result.failures));
    return world.server.services.models.Order.findOne({
      where: { channel_id: channel.id, remote_id: String(order.remote_id) },
    }).then((row) => row!);
  };

  it('tags an imported DE order once: one log, one trace, an activity; a re-import fires nothing', async () => {
    const { models, ruleRunner } = world.server.services;
    const channel = await salesChannel(world);
    const rule = await ruleOf(
      'EU orders',
      [condition('shipping_country', 'is', 'DE')],
      [{ action: 'add_tag', value: 'EU' }],
    );
    const order = germanOrder(`DE-${++sequence}`);
    const stored = await importOne(channel, order);
    expect(stored.tags).toEqual(['web', 'EU']);
    expect(stored.sync_status).toBe(PENDING);
    expect(stored.held_sync_status).toBeNull();

    const logs = await models.RuleEngineLog.findAll({ where: { order_id: stored.id } });
    expect(
      logs.map((log) => [log.rule_id, log.rule_engine_name, log.trigger_type, log.made_changes]),
    ).toEqual([[rule.id, 'EU orders', 'order_imported', true]]);
    expect(logs[0]!.message).toMatch(/tag EU/);
    expect(await models.OrderRuleTrace.count({ where: { order_id: stored.id } })).toBe(1);
    const activities = await activitiesOf(world, stored.id, RULES_APPLIED_EVENT);
    expect(activities).toHaveLength(1);
    expect(JSON.stringify(activities[0]!.new_values)).toContain(
      'Rule “EU orders” (version 1) added the tag EU',
    );

    // The same order again (unchanged), and the import's rules asked for again: nothing fires twice.
    expect(await world.server.services.orderImport.importBatch(channel.id, [order])).toMatchObject({
      unchanged: 1,
    });
    await ruleRunner.runOnOrders({
      storeId: world.store.id,
      orderIds: [stored.id],
      trigger: 'order_imported',
    });
    expect(await models.RuleEngineLog.count({ where: { order_id: stored.id } })).toBe(1);
    expect(await models.RuleFiring.count({ where: { order_id: stored.id } })).toBe(1);
    expect((await models.Order.findByPk(stored.id))!.tags).toEqual(['web', 'EU']);

    // A GB order does not match: a trace row, no log, no activity.
    const british = await importOne(channel, orderOf(`GB-${++sequence}`, [{ sku: null, quantity: 1 }]));
    expect(british.tags).toEqual(['web']);
    expect(await models.RuleEngineLog.count({ where: { order_id: british.id } })).toBe(0);
    expect(await models.OrderRuleTrace.count({ where: { order_id: british.id } })).toBe(1);
    expect(await activitiesOf(world, british.id, RULES_APPLIED_EVENT)).toHaveLength(0);
  });

  it('records a rule added later beside the one that fired at import, and neither fires again', async () => {
    const { models, ruleRunner } = world.server.services;
    const channel = await salesChannel(world);
    const first = await ruleOf(
      'EU',
      [condition('shipping_country', 'is', 'DE')],
      [{ action: 'add_tag', value: 'EU' }],
    );
    const stored = await importOne(channel, germanOrder(`LATE-${++sequence}`));
    const later = await ruleOf(
      'DE',
      [condition('shipping_country', 'is', 'DE')],
      [{ action: 'add_tag', value: 'DE' }],
    );
    const again = () =>
      ruleRunner.runOnOrders({ storeId: world.store.id, orderIds: [stored.id], trigger: 'order_imported' });
    await again();
    await again();
    const firings = await models.RuleFiring.findAll({ where: { order_id: stored.id } });
    expect(
      firings.map((firing) => [firing.trigger_type, firing.rule_kind, firedRuleIds(firing.rule_ids)]),
    ).toEqual([['order_imported', 'rule', [first.id, later.id]]]);
    expect(await models.RuleEngineLog.count({ where: { order_id: stored.id } })).toBe(2);
    expect((await models.Order.findByPk(stored.id))!.tags).toEqual(['web', 'EU', 'DE']);
  });

  it('keeps the rules’ tag, method and order type when the channel sends the order again changed', async () => {
    const { models } = world.server.services;
    const channel = await salesChannel(world);
    await ruleOf(
      'EU parcels',
      [condition('shipping_country', 'is', 'DE')],
      [
        { action: 'add_tag', value: 'EU' },
        { action: 'set_shipping_method', value: 'DHL Europe' },
        { action: 'set_order_type', value: 'export' },
      ],
    );
    const remoteId = `DE-${++sequence}`;
    const stored = await importOne(channel, germanOrder(remoteId));
    expect([stored.tags, stored.shipping_method, stored.order_type]).toEqual([
      ['web', 'EU'],
      'DHL Europe',
      'export',
    ]);
    expect(stored.channel_fields).toEqual({
      tags: ['web'],
      shipping_method: 'Royal Mail 48',
      order_type: null,
    });

    // The shop changes the total and adds its own tag: what the rule did stays, the shop's tag joins.
    const again = await importOne(
      channel,
      germanOrder(remoteId, undefined, { total: '99.00', tags: ['web', 'vip'] }),
    );
    expect([again.tags, again.shipping_method, again.order_type, Number(again.total)]).toEqual([
      ['web', 'vip', 'EU'],
      'DHL Europe',
      'export',
      99,
    ]);
    // The rule did not fire twice for "order imported".
    expect(await models.RuleEngineLog.count({ where: { order_id: stored.id } })).toBe(1);
  });

  it("runs the import's rules as it stores a new order: an on-hold rule stores it on hold, never in 15; the sweep releases an order an earlier version left waiting", async () => {
    const { models, ruleRunner, sequelize } = world.server.services;
    const channel = await salesChannel(world);
    await ruleOf(
      'Hold DE',
      [condition('shipping_country', 'is', 'DE')],
      [{ action: 'update_order_sync_status', value: 'on_hold' }],
    );

    const stored = await importOne(channel, germanOrder(`H-${++sequence}`));
    expect([stored.sync_status, stored.held_sync_status]).toEqual([ON_HOLD, null]);
    // Written once, on hold from the start: its activity says it was created on hold.
    const created = await activitiesOf(world, stored.id, 'order.created');
    expect(created.map((row) => (row.new_values as { sync_status: number }).sync_status)).toEqual([ON_HOLD]);
    let counts = await countersAndReality(world, world.store.id);
    expect(counts.counters).toEqual(counts.reality);

    // An order an earlier version stored waiting in 15 for rules it ran after its commit, and lost.
    const lost = germanOrder(`L-${++sequence}`);
    const plain = createOrderImportService({
      sequelize,
      models,
      publish: () => undefined,
      stock: world.server.services.stock,
    });
    await plain.importBatch(channel.id, [lost]);
    const waiting = (await models.Order.findOne({
      where: { channel_id: channel.id, remote_id: lost.remote_id },
    }))!;
    await sequelize.transaction(async (transaction) => {
      await waiting.update({ sync_status: WAITING, held_sync_status: PENDING }, { transaction });
      const deltas = new Map<string, number>();
      addStatusMove(
        deltas,
        { sync_status: PENDING, status: waiting.status },
        { sync_status: WAITING, status: waiting.status },
      );
      await moveOrderStatusCounts(sequelize, world.store.id, deltas, transaction);
    });
    // A re-import of the waiting order, changed, keeps it waiting (its import rules are the sweep's).
    await world.server.services.orderImport.importBatch(channel.id, [{ ...lost, total: '99.00' }]);
    expect((await models.Order.findByPk(waiting.id))!.sync_status).toBe(WAITING);

    expect(await ruleRunner.releaseHeld({ olderThanMs: -1000 })).toBeGreaterThanOrEqual(1);
    const released = (await models.Order.findByPk(waiting.id))!;
    expect([released.sync_status, released.held_sync_status]).toEqual([ON_HOLD, null]);
    counts = await countersAndReality(world, world.store.id);
    expect(counts.counters).toEqual(counts.reality);
  });

  it("an import's work run again (a retried deadlock) writes the order as its second run found it", async () => {
    const { models, ruleRunner, sequelize } = world.server.services;
    const channel = await salesChannel(world);
    await ruleOf(
      'EU shipping',
      [condition('shipping_country', 'is', 'DE')],
      [
        { action: 'add_tag', value: 'EU' },
        { action: 'set_shipping_method', value: 'DHL Europe' },
      ],
    );
    const order = germanOrder(`RT-${++sequence}`);
    const plain = createOrderImportService({
      sequelize,
      models,
      publish: () => undefined,
      stock: world.server.services.stock,
    });
    // The first run's transaction is rolled back after its work, as a deadlock would; meanwhile
    // another import (no rules) stores the same order with another total.
    let runs = 0;
    const retrying: CatalogueWrite = async (work) => {
      for (;;) {
        const transaction = await sequelize.transaction();
        const answer = await work(transaction).catch(async (error: unknown) => {
          await transaction.rollback();
          throw error;
        });
        runs += 1;
        if (runs === 1) {
          await transaction.rollback();
          await plain.importBatch(channel.id, [{ ...order, total: '12.00' }]);
          continue;
        }
        await transaction.commit();
        return answer;
      }
    };
    const importer = createOrderImportService({
      sequelize,
      models,
      publish: () => undefined,
      stock: world.server.services.stock,
      write: retrying,
      rules: () => ruleRunner,
    });
    const result = await importer.importBatch(channel.id, [order]);
    expect(runs).toBe(2);
    expect(result).toMatchObject({ created: 0, updated: 1 });
    // Stored by the other import, changed by this one: the channel's fields, no rule fired.
    const stored = (await models.Order.findOne({
      where: { channel_id: channel.id, remote_id: order.remote_id },
    }))!;
    expect([stored.tags, stored.shipping_method, stored.channel_fields]).toEqual([
      ['web'],
      'Royal Mail 48',
      null,
    ]);
    expect(await models.RuleEngineLog.count({ where: { order_id: stored.id } })).toBe(0);
  });

  it('multiplies a line: quantity × N, stock taken N× once, kept by a re-import', async () => {
    const { models } = world.server.services;
    const channel = await salesChannel(world, world.store, { deduct_stock_via_orders: true });
    const product = await productIn(world.server, world.store, 20);
    await ruleOf(
      'Six-pack',
      [condition('line_item_sku', 'is', product.sku)],
      [{ action: 'multiply_line_item_quantity', value: '3' }],
    );
    const order = germanOrder(`M-${++sequence}`, [{ sku: product.sku, quantity: 2 }]);
    const stored = await importOne(channel, order);
    const line = async () =>
      (await models.OrderItem.findOne({ where: { order_id: stored.id }, raw: true }))! as unknown as {
        quantity: number;
        quantity_multiplier: number;
      };
    expect([(await line()).quantity, (await line()).quantity_multiplier]).toEqual([6, 3]);
    expect(await quantityOf(world.server, product.id)).toBe(14);

    // Changed elsewhere: the line stays ×3 and the stock as it was.
    await importOne(channel, { ...order, total: '30.00' });
    expect([(await line()).quantity, (await line()).quantity_multiplier]).toEqual([6, 3]);
    expect(await quantityOf(world.server, product.id)).toBe(14);
    // The channel's quantity changes: 3 × 3 = 9 asked, 3 more taken.
    await importOne(channel, germanOrder(order.remote_id as string, [{ sku: product.sku, quantity: 3 }]));
    expect((await line()).quantity).toBe(9);
    expect(await quantityOf(world.server, product.id)).toBe(11);
  });

  it('runs store and plugin rules before a plugin send: a held order is not sent, changes are', async () => {
    const { models } = world.server.services;
    const channel = await salesChannel(world);
    const wms = await plugin(world);
    await ruleOf(
      'Express',
      [condition('no_condition', null, null)],
      [{ action: 'set_shipping_method', value: 'DHL Express' }],
      ['order_sending_to_plugin'],
    );
    await models.PluginRule.create({
      company_id: world.store.company_id,
      store_id: world.store.id,
      plugin_id: wms.id,
      name: 'Hold DE',
      condition_field: 'shipping_country',
      condition_operator: 'is',
      condition_value: 'DE',
      action_name: 'update_order_sync_status',
      action_value: 'on_hold',
      execution_step: 1,
      is_active: true,
      version: 1,
    });
    const german = await importOne(channel, germanOrder(`P-${++sequence}`));
    const british = await importOne(channel, orderOf(`P-${++sequence}`, [{ sku: null, quantity: 1 }]));
    const sent: { reference: string; shipping: unknown }[] = [];
    const summary = await sendOrdersToPlugin(
      world.server.services,
      wms,
      {
        send: async (orders) => {
          sent.push(
            ...orders.map((entry) => ({ reference: entry.reference, shipping: entry.order.shipping_method })),
          );
          return {
            accepted: orders.map((entry) => ({
              reference: entry.reference,
              remoteId: `W-${entry.reference}`,
            })),
            rejected: [],
          };
        },
      },
      { orderIds: [german.id, british.id] },
    );
    expect(summary.sent).toEqual([british.id]);
    expect(sent).toEqual([{ reference: String(british.id), shipping: 'DHL Express' }]);
    expect((await models.Order.findByPk(german.id))!.sync_status).toBe(ON_HOLD);
    const pluginLog = await models.RuleEngineLog.findOne({
      where: { order_id: german.id, plugin_id: wms.id },
    });
    expect(pluginLog?.rule_engine_name).toBe(`${wms.name}: Hold DE`);
    const counts = await countersAndReality(world, world.store.id);
    expect(counts.counters).toEqual(counts.reality);
  });

  async function finished(runId: number): Promise<RuleRunDto> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const answer = await call(world, 'GET', `/rule-runs/${runId}`, world.owner);
      const run = (answer.body as { data: RuleRunDto }).data;
      if (run.status === 'finished' || run.status === 'failed') return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The run did not finish.');
  }

  it('runs rules on chosen orders by id and by file; unknown ids are a 422', async () => {
    const { models } = world.server.services;
    const channel = await salesChannel(world);
    const orders = [];
    for (let index = 0; index < 3; index += 1)
      orders.push(await importOne(channel, germanOrder(`T-${++sequence}`)));
    const rule = await ruleOf(
      'B2B',
      [condition('shipping_country', 'is', 'DE')],
      [{ action: 'set_order_type', value: 'B2B' }],
      ['order_updated'],
    );

    const unknown = await call(world, 'POST', '/trigger-rules', world.owner, {
      store_id: world.store.id,
      order_ids: [orders[0]!.id, 99999999],
    });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body)).toContain('99999999');

    const byIds = await call(world, 'POST', '/trigger-rules', world.owner, {
      store_id: world.store.id,
      order_ids: `${orders[0]!.id}`,
      rule_ids: [rule.id],
    });
    expect(byIds.status).toBe(202);
    expect(await finished((byIds.body as { data: RuleRunDto }).data.id)).toMatchObject({
      total: 1,
      changed: 1,
      status: 'finished',
    });

    const byFile = await callForm(
      world,
      '/trigger-rules',
      world.owner,
      { store_id: String(world.store.id) },
      {
        name: 'orders.csv',
        content: `order_number\n${orders[1]!.order_number}\n${orders[2]!.order_number}\n`,
      },
    );
    expect(byFile.status).toBe(202);
    expect(await finished((byFile.body as { data: RuleRunDto }).data.id)).toMatchObject({
      total: 2,
      changed: 2,
    });
    const types = await models.Order.findAll({ where: { id: { [Op.in]: orders.map((order) => order.id) } } });
    expect(types.map((order) => order.order_type)).toEqual(['B2B', 'B2B', 'B2B']);
    expect(await models.RuleEngineLog.count({ where: { rule_id: rule.id, trigger_type: 'manual' } })).toBe(3);
  });

  it('backfills a rule over a filter with progress events and a summary; the dry run changes nothing', async () => {
    const { models } = world.server.services;
    const channel = await salesChannel(world);
    const ids: number[] = [];
    const batch = Array.from({ length: 12 }, (_, index) =>
      index % 3 === 0
        ? germanOrder(`B-${++sequence}`)
        : orderOf(`B-${++sequence}`, [{ sku: null, quantity: 1 }]),
    );
    const result = await world.server.services.orderImport.importBatch(channel.id, batch);
    ids.push(...result.orderIds);
    const rule = await ruleOf(
      'Mark DE',
      [condition('shipping_country', 'is', 'DE')],
      [{ action: 'add_tag', value: 'DE-BACKFILL' }],
      ['order_updated'],
    );

    const before = await models.Order.findAll({
      where: { id: { [Op.in]: ids } },
      order: [['id', 'ASC']],
      raw: true,
    });
    const dry = await call(world, 'POST', '/rule-engines/dry-run', world.owner, {
      rule: {
        store_id: world.store.id,
        name: 'Mark DE',
        data_type: 'order',
        trigger_events: ['order_updated'],
        groups_match: 'all',
        condition_groups: [{ match: 'all', conditions: [condition('shipping_country', 'is', 'DE')] }],
        actions: [{ action: 'add_tag', value: 'DE-BACKFILL' }],
      },
      limit: 200,
    });
    expect(dry.status).toBe(200);
    const dryBody = dry.body as {
      data: { order_id: number; evaluation: { matched: boolean } }[];
      meta: { matched: number };
    };
    expect(dryBody.data.filter((row) => ids.includes(row.order_id) && row.evaluation.matched)).toHaveLength(
      4,
    );
    const after = await models.Order.findAll({
      where: { id: { [Op.in]: ids } },
      order: [['id', 'ASC']],
      raw: true,
    });
    expect(after).toEqual(before);
    expect(await models.RuleEngineLog.count({ where: { order_id: { [Op.in]: ids } } })).toBe(0);

    const socket = world.server.connect(world.owner);
    const events: RuleRunDto[] = [];
    socket.on('rules:run' as never, ((payload: { run: RuleRunDto }) => events.push(payload.run)) as never);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const backfill = await call(world, 'POST', `/rule-engines/${rule.id}/backfill`, world.owner, {
      filters: { 'channel_id[eq]': String(channel.id) },
    });
    expect(backfill).toMatchObject({
      status: 202,
      body: { data: { kind: 'backfill', status: 'queued', total: 12 } },
    });
    const run = await finished((backfill.body as { data: RuleRunDto }).data.id);
    expect(run).toMatchObject({
      status: 'finished',
      total: 12,
      done: 12,
      changed: 4,
      message: 'Changed 4 of 12 orders.',
    });
    for (let attempt = 0; attempt < 50 && !events.some((event) => event.status === 'finished'); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.map((event) => event.status)).toContain('running');
    expect(events[events.length - 1]).toMatchObject({ status: 'finished', changed: 4 });
    socket.disconnect();
    const tagged = await models.Order.findAll({ where: { id: { [Op.in]: ids } } });
    expect(tagged.filter((order) => order.tags?.includes('DE-BACKFILL'))).toHaveLength(4);
  });

  it('answers an order’s "why" trace, oldest first; another company’s order is a 404', async () => {
    const channel = await salesChannel(world);
    await ruleOf(
      'EU orders',
      [condition('shipping_country', 'is', 'DE')],
      [{ action: 'add_tag', value: 'EU' }],
    );
    const stored = await importOne(channel, germanOrder(`W-${++sequence}`));
    const trace = await call(world, 'GET', `/orders/${world.store.id}/${stored.id}/rule-trace`, world.owner);
    expect(trace.status).toBe(200);
    const entries = (
      trace.body as {
        data: {
          trigger_type: string;
          changed: boolean;
          evaluations: { rule_name: string; matched: boolean }[];
        }[];
      }
    ).data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ trigger_type: 'order_imported', changed: true });
    expect(entries[0]!.evaluations[0]).toMatchObject({ rule_name: 'EU orders', matched: true });
    const foreign = await call(
      world,
      'GET',
      `/orders/${world.store.id}/${stored.id}/rule-trace`,
      world.betaOwner,
    );
    expect(foreign.status).toBe(404);
  });
});
