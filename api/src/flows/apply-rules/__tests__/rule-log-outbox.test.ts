import type { RuleAction, RuleCondition } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import {
  salesChannel,
  startActionWorld,
  type ActionWorld,
} from '../../../modules/orders/__tests__/order-action-kit';
import { orderOf, productIn, quantityOf } from '../../../testing/order-import-kit';
import { outboxRowSql } from '../rule-log-outbox';
import { storeRule } from './rule-test-kit';

/**
 * On MySQL the import's rule-engine logs go on a second connection that commits right after the
 * import: they are there when the import answers, nothing waits in the outbox, and logs lost
 * between the two commits are written again, the same, from the orders' traces.
 */
describe('rule-engine logs beside the import (mysql)', () => {
  let database: TestDatabase;
  let world: ActionWorld;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'rule_log_outbox');
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

  function ruleOf(
    name: string,
    priority: number,
    conditions: RuleCondition[],
    actions: RuleAction[],
    store = world.store,
  ) {
    return storeRule(world.server, store, {
      name,
      priority,
      groups: [{ match: 'all', conditions }],
      actions,
    });
  }

  const LOG_FIELDS = [
    'company_id',
    'store_id',
    'rule_id',
    'plugin_rule_id',
    'rule_version',
    'rule_engine_name',
    'data_reference',
    'order_id',
    'trigger_type',
    'matched',
    'made_changes',
    'message',
    'content',
    'run_id',
    'created_at',
  ] as const;
  const logsOf = async (orderIds: number[]) =>
    (
      await world.server.services.models.RuleEngineLog.findAll({
        where: { order_id: orderIds },
        order: [
          ['order_id', 'ASC'],
          ['rule_id', 'ASC'],
        ],
      })
    ).map((log) => Object.fromEntries(LOG_FIELDS.map((field) => [field, log.get(field)])));
  const outboxCount = async () => {
    const [rows] = await world.server.services.sequelize.query('SELECT COUNT(*) AS n FROM rule_log_outbox');
    return Number((rows as { n: number }[])[0]!.n);
  };

  it('writes the logs with the import, and writes lost ones again from the traces, once', async () => {
    const { orderImport, ruleRunner, sequelize } = world.server.services;
    const channel = await salesChannel(world);
    const eu = await ruleOf(
      'EU orders',
      1,
      [{ field: 'shipping_country', operator: 'is', value: 'DE' }],
      [{ action: 'add_tag', value: 'EU' }],
    );
    const every = await ruleOf(
      'Every order',
      2,
      [{ field: 'no_condition', operator: null, value: null }],
      [{ action: 'set_order_type', value: 'retail' }],
    );
    await ruleOf(
      'Never',
      3,
      [{ field: 'shipping_country', operator: 'is', value: 'JP' }],
      [{ action: 'add_tag', value: 'JP' }],
    );
    const german = (remoteId: string) =>
      orderOf(remoteId, [{ sku: 'A', quantity: 1 }], {
        shipping_address: {
          name: 'Ada',
          line1: '1 Hauptstr.',
          city: 'Berlin',
          postcode: '10115',
          country: 'DE',
        },
      });
    const result = await orderImport.importBatch(channel.id, [
      german('OB-1'),
      german('OB-2'),
      orderOf('OB-3', [{ sku: 'B', quantity: 2 }]),
    ]);
    expect(result.created).toBe(3);
    const orderIds = result.orderIds;

    // There when the import answers: two rules on each German order, one on the other.
    const written = await logsOf(orderIds);
    expect(written.map((log) => [log.rule_id, log.made_changes])).toEqual([
      [eu.id, true],
      [every.id, true],
      [eu.id, true],
      [every.id, true],
      [every.id, true],
    ]);
    expect(written.every((log) => log.content === null && log.matched === true)).toBe(true);
    expect(await outboxCount()).toBe(0);

    // The process died between the import's commit and the logs': the import's outbox row stays.
    const [traces] = await sequelize.query(
      `SELECT created_at FROM order_rule_traces WHERE order_id IN (${orderIds.join(', ')}) LIMIT 1`,
    );
    await world.server.services.models.RuleEngineLog.destroy({ where: { order_id: orderIds } });
    await sequelize.query(
      outboxRowSql(sequelize, {
        batchKey: 'b6a2c7de-0000-4000-8000-000000000001',
        companyId: world.store.company_id,
        storeId: world.store.id,
        trigger: 'order_imported',
        orderIds,
        tracedAt: new Date((traces as { created_at: Date }[])[0]!.created_at),
      }),
    );
    // Young: its import may still be committing.
    expect(await ruleRunner.rebuildLostLogs()).toBe(0);
    expect(await logsOf(orderIds)).toEqual([]);
    expect(await ruleRunner.rebuildLostLogs({ olderThanMs: -1000 })).toBe(1);
    expect(await logsOf(orderIds)).toEqual(written);
    expect(await outboxCount()).toBe(0);
    // Once.
    expect(await ruleRunner.rebuildLostLogs({ olderThanMs: -1000 })).toBe(0);
    expect(await logsOf(orderIds)).toHaveLength(written.length);
  });

  it('two stores importing with rules at once: every order stored once, with its logs once, its stock once', async () => {
    const { orderImport, models } = world.server.services;
    // Products shared out so that the two imports' stock locks meet: a deadlock retries the batch,
    // and what its first attempt wrote on the logs' connection must go with it.
    const sides = await Promise.all(
      [world.store, world.otherStore].map(async (owner) => {
        const products = [];
        for (let index = 0; index < 30; index += 1) products.push(await productIn(world.server, owner, 1000));
        const rule = await ruleOf(
          'Tag all',
          10,
          [{ field: 'no_condition', operator: null, value: null }],
          [{ action: 'add_tag', value: 'SEEN' }],
          owner,
        );
        return {
          owner,
          products,
          rule,
          channel: await salesChannel(world, owner, { deduct_stock_via_orders: true }),
        };
      }),
    );
    const results = await Promise.all(
      sides.map(async (side) => {
        const created: number[] = [];
        for (let batch = 0; batch < 5; batch += 1) {
          const result = await orderImport.importBatch(
            side.channel.id,
            Array.from({ length: 30 }, (_, index) =>
              orderOf(
                `C${batch}-${index}`,
                [0, 1, 2].map((line) => ({
                  sku: side.products[(index * 3 + line) % side.products.length]!.sku,
                  quantity: 1,
                  remote_id: `L${line}`,
                })),
              ),
            ),
          );
          expect([result.created, result.failed]).toEqual([30, 0]);
          created.push(...result.orderIds);
        }
        return created;
      }),
    );
    for (const [index, side] of sides.entries()) {
      const orderIds = results[index]!;
      expect(await models.Order.count({ where: { channel_id: side.channel.id } })).toBe(150);
      const logs = await models.RuleEngineLog.findAll({
        where: { order_id: orderIds },
        attributes: ['order_id', 'rule_id'],
      });
      expect(logs).toHaveLength(150);
      expect(new Set(logs.map((log) => Number(log.order_id))).size).toBe(150);
      expect(logs.every((log) => log.rule_id === side.rule.id)).toBe(true);
      // 5 batches × 30 orders × 3 lines over 30 products: 15 units each, taken once.
      const quantities = await Promise.all(
        side.products.map((product) => quantityOf(world.server, product.id)),
      );
      expect(quantities).toEqual(side.products.map(() => 1000 - 15));
    }
    expect(await outboxCount()).toBe(0);
  });
});
