import {
  evaluateRules,
  type OrderRuleTraceDto,
  type RuleAction,
  type RuleCondition,
  type RuleEngineLogContentDto,
  type RuleEvaluation,
} from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import {
  call,
  salesChannel,
  startActionWorld,
  type ActionWorld,
} from '../../../modules/orders/__tests__/order-action-kit';
import { orderOf } from '../../../testing/order-import-kit';
import { loadRuleFacts } from '../rule-facts';
import { ruleDefinitionOf } from '../../../modules/rules/rule.mapper';
import { firedRuleIds } from '../../../db/rule.models';
import { storeRule } from './rule-test-kit';

/**
 * The import's rules write a compact trace and logs that point into it: the order's "why" trace and
 * each log's content must read back exactly the evaluations the rules made, on both databases.
 */
describe.each(['sqlite', 'mysql'] as const)('rule trace and log content (%s)', (dialect) => {
  let database: TestDatabase;
  let world: ActionWorld;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'rule_trace');
    world = await startActionWorld(database);
  });
  afterAll(async () => {
    await world?.server.close();
    await database?.drop();
  });

  function ruleOf(
    name: string,
    priority: number,
    conditions: RuleCondition[],
    actions: RuleAction[],
    groupsMatch: 'all' | 'any' = 'any',
  ) {
    return storeRule(world.server, world.store, {
      name,
      priority,
      groupsMatch,
      groups: [
        { match: 'all', conditions },
        { match: 'any', conditions: [{ field: 'total_quantity', operator: 'greater_than', value: '50' }] },
      ],
      actions,
    });
  }

  it('answers the trace and each log’s evaluation as the rules made them, also once a rule is deleted', async () => {
    const { models } = world.server.services;
    const rules = [
      await ruleOf(
        'EU “orders”',
        1,
        [
          { field: 'shipping_country', operator: 'is', value: 'de' },
          { field: 'line_item_sku', operator: 'contains', value: 'KU-' },
        ],
        [
          { action: 'add_tag', value: 'EU' },
          { action: 'set_shipping_method', value: 'DHL' },
        ],
        'any',
      ),
      await ruleOf(
        'French',
        2,
        [{ field: 'shipping_country', operator: 'is', value: 'FR' }],
        [{ action: 'add_tag', value: 'FR' }],
      ),
      await ruleOf(
        'Double SKU-1',
        3,
        [{ field: 'line_item_sku', operator: 'is', value: 'SKU-1' }],
        [
          { action: 'multiply_line_item_quantity', value: '2' },
          { action: 'add_tag', value: 'eu' },
        ],
      ),
    ];
    const channel = await salesChannel(world);
    const input = orderOf(
      `TRACE-${dialect}`,
      [
        { sku: 'SKU-1', quantity: 3 },
        { sku: null, quantity: 1 },
      ],
      {
        shipping_address: {
          name: 'Ada',
          line1: '1 Hauptstr.',
          city: 'Berlin',
          postcode: '10115',
          country: 'DE',
        },
      },
    );
    // What the rules make of the order, worked out before the import runs them.
    const expected = (facts: Parameters<typeof evaluateRules>[0]): RuleEvaluation[] =>
      evaluateRules(facts, rules.map(ruleDefinitionOf), { trigger: 'order_imported' }).evaluations;

    const result = await world.server.services.orderImport.importBatch(channel.id, [input]);
    expect(result.created).toBe(1);
    const order = (await models.Order.findOne({
      where: { channel_id: channel.id, remote_id: input.remote_id },
    }))!;
    // The facts as the rules saw them: stored lines carry the multiplier since, so it is undone here.
    const loaded = (await loadRuleFacts(world.server.sequelize, world.store.id, [order.id])).get(order.id)!;
    const seen = {
      ...loaded.facts,
      tags: ['web'],
      shipping_method: input.shipping_method ?? null,
      lines: loaded.facts.lines.map((line) => ({ ...line, multiplier: 1 })),
    };
    const evaluations = expected(seen);
    expect(evaluations.map((evaluation) => evaluation.matched)).toEqual([true, false, true]);

    const read = async () => {
      const trace = await call(world, 'GET', `/orders/${world.store.id}/${order.id}/rule-trace`, world.owner);
      expect(trace.status).toBe(200);
      return (trace.body as unknown as OrderRuleTraceDto).data;
    };
    const entries = await read();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ trigger_type: 'order_imported', changed: true });
    expect(entries[0]!.evaluations).toEqual(evaluations);

    const logs = await models.RuleEngineLog.findAll({
      where: { order_id: order.id },
      order: [['id', 'ASC']],
    });
    expect(logs.map((log) => log.rule_id)).toEqual([rules[0]!.id, rules[2]!.id]);
    for (const [index, log] of logs.entries()) {
      const content = await call(world, 'GET', `/logs/ruleEngineLogs/${log.id}/content`, world.owner);
      expect(content.status).toBe(200);
      const dto = (content.body as unknown as { data: RuleEngineLogContentDto }).data;
      expect(dto.evaluation).toEqual(evaluations[index === 0 ? 0 : 2]);
      expect(dto.message).toBe(log.message);
    }

    // The import's rules asked for again: nothing fires twice; the new trace shows them passed over.
    await world.server.services.ruleRunner.runOnOrders({
      storeId: world.store.id,
      orderIds: [order.id],
      trigger: 'order_imported',
    });
    expect(await models.RuleEngineLog.count({ where: { order_id: order.id } })).toBe(2);
    const firings = await models.RuleFiring.findAll({ where: { order_id: order.id } });
    expect(
      firings.map((firing) => [firing.trigger_type, firing.rule_kind, firedRuleIds(firing.rule_ids)]),
    ).toEqual([['order_imported', 'rule', logs.map((log) => log.rule_id)]]);
    const again = await read();
    expect(again).toHaveLength(2);
    expect(again[1]!.evaluations.map((evaluation) => [evaluation.rule_id, evaluation.skipped])).toEqual([
      [rules[0]!.id, 'fired_before'],
      [rules[1]!.id, null],
      [rules[2]!.id, 'fired_before'],
    ]);
    expect(again[0]!.evaluations).toEqual(evaluations);

    // Deleting a rule keeps what the order's trace and logs say of it.
    expect((await call(world, 'DELETE', `/rule-engines/${rules[0]!.id}`, world.owner)).status).toBe(200);
    expect((await read())[0]!.evaluations).toEqual(evaluations);
    const content = await call(world, 'GET', `/logs/ruleEngineLogs/${logs[0]!.id}/content`, world.owner);
    expect((content.body as unknown as { data: RuleEngineLogContentDto }).data.evaluation).toEqual(
      evaluations[0],
    );
    // Another company reaches neither.
    expect(
      (await call(world, 'GET', `/logs/ruleEngineLogs/${logs[0]!.id}/content`, world.betaOwner)).status,
    ).toBe(404);

    // A rule added later fires once and joins the order's firing row (appended in SQL).
    const late = await ruleOf(
      'Late',
      4,
      [{ field: 'shipping_country', operator: 'is', value: 'DE' }],
      [{ action: 'add_tag', value: 'LATE' }],
    );
    for (let run = 0; run < 2; run += 1)
      await world.server.services.ruleRunner.runOnOrders({
        storeId: world.store.id,
        orderIds: [order.id],
        trigger: 'order_imported',
      });
    const after = await models.RuleFiring.findAll({ where: { order_id: order.id } });
    expect(after.map((firing) => firedRuleIds(firing.rule_ids))).toEqual([
      [...logs.map((log) => log.rule_id), late.id],
    ]);
    expect(await models.RuleEngineLog.count({ where: { order_id: order.id } })).toBe(3);
  });
});
