import { ORDER_SYNC_STATUS } from '../../orders/order.status';
import type {
  PluginRuleDto,
  RuleAction,
  RuleCondition,
  RuleConditionGroup,
  RuleDefinition,
  RuleOrderFacts,
  RuleOrderLineFacts,
} from '../rule.dto';
import {
  describeEvaluation,
  effectiveQuantity,
  evaluateRule,
  evaluateRules,
  pluginRuleDefinition,
} from '../rule-evaluator';
import {
  RULE_CONDITION_FIELDS,
  RULE_OPERATORS,
  RULE_OPERATORS_BY_TYPE,
  type RuleConditionField,
  type RuleOperator,
} from '../rule.vocabulary';

const status = (key: Parameters<typeof ORDER_SYNC_STATUS.byKey>[0]) => ORDER_SYNC_STATUS.byKey(key).value;

const line = (id: number, sku: string | null, channel_quantity = 1, multiplier = 1): RuleOrderLineFacts => ({
  id,
  sku,
  channel_quantity,
  multiplier,
});

/** An order to DE from Amazon UK: SKU-1 × 1 and SKU-22 × 3 (multiplied by 3): total quantity 10. */
function order(overrides: Partial<RuleOrderFacts> = {}): RuleOrderFacts {
  return {
    order_id: 1,
    order_number: 'A-1001',
    channel_name: 'Amazon UK ',
    shipping_method: 'Royal Mail 48',
    shipping_country: 'DE',
    invoice_country: 'gb',
    tags: ['Express', 'vip '],
    order_type: null,
    sync_status: status('pending'),
    lines: [line(11, 'SKU-1', 1), line(12, 'SKU-22', 3, 3)],
    ...overrides,
  };
}

const when = (field: RuleConditionField, operator: RuleOperator | null, value: string | null = null) =>
  ({ field, operator, value }) satisfies RuleCondition;

function rule(
  id: number,
  conditions: RuleCondition[] | RuleConditionGroup[],
  actions: RuleAction[],
  extra: Partial<RuleDefinition> = {},
): RuleDefinition {
  const groups: RuleConditionGroup[] =
    conditions.length && 'conditions' in conditions[0]!
      ? (conditions as RuleConditionGroup[])
      : [{ match: 'all', conditions: conditions as RuleCondition[] }];
  return {
    id,
    version: 1,
    name: `Rule ${id}`,
    trigger_events: ['order_imported'],
    groups_match: 'all',
    condition_groups: groups,
    actions,
    ...extra,
  };
}

const tag = (value: string): RuleAction => ({ action: 'add_tag', value });
const toStatus = (value: string): RuleAction => ({ action: 'update_order_sync_status', value });
const multiply = (value: number): RuleAction => ({
  action: 'multiply_line_item_quantity',
  value: String(value),
});

/** Whether one condition holds on `facts` (and the trace of it). */
function check(condition: RuleCondition, facts: RuleOrderFacts = order()) {
  const { evaluation } = evaluateRule(facts, rule(1, [condition], [tag('X')]));
  return evaluation.groups[0]!.conditions[0]!;
}

type Case = [
  field: RuleConditionField,
  operator: RuleOperator,
  value: string | null,
  held: boolean,
  facts?: RuleOrderFacts,
];

const CASES: Case[] = [
  // Numbers compare as numbers: 10 is greater than 9 (as text, '10' < '9').
  ['total_quantity', 'equals', '10', true],
  ['total_quantity', 'equals', '9', false],
  ['total_quantity', 'not_equals', '9', true],
  ['total_quantity', 'not_equals', '10', false],
  ['total_quantity', 'less_than', '11', true],
  ['total_quantity', 'less_than', '9', false],
  ['total_quantity', 'less_than_or_equal', '10', true],
  ['total_quantity', 'less_than_or_equal', '9', false],
  ['total_quantity', 'greater_than', '9', true],
  ['total_quantity', 'greater_than', '10', false],
  ['total_quantity', 'greater_than_or_equal', '10', true],
  ['total_quantity', 'greater_than_or_equal', '11', false],
  ['line_count', 'equals', '2', true],
  ['line_count', 'equals', '3', false],
  ['line_count', 'not_equals', '3', true],
  ['line_count', 'not_equals', '2', false],
  ['line_count', 'less_than', '3', true],
  ['line_count', 'less_than', '2', false],
  ['line_count', 'less_than_or_equal', '2', true],
  ['line_count', 'less_than_or_equal', '1', false],
  ['line_count', 'greater_than', '1', true],
  ['line_count', 'greater_than', '2', false],
  ['line_count', 'greater_than_or_equal', '2', true],
  ['line_count', 'greater_than_or_equal', '10', false],
  // Text: trimmed, case-insensitive.
  ['channel_name', 'is', ' amazon uk', true],
  ['channel_name', 'is', 'Amazon', false],
  ['channel_name', 'equals', 'AMAZON UK', true],
  ['channel_name', 'equals', 'eBay', false],
  ['channel_name', 'not_equals', 'eBay', true],
  ['channel_name', 'not_equals', 'amazon uk', false],
  ['channel_name', 'contains', 'ZON', true],
  ['channel_name', 'contains', 'ebay', false],
  ['channel_name', 'not_contains', 'ebay', true],
  ['channel_name', 'not_contains', 'zon', false],
  ['channel_name', 'is_empty', null, true, order({ channel_name: '  ' })],
  ['channel_name', 'is_empty', null, false],
  ['shipping_method', 'is', 'royal mail 48', true],
  ['shipping_method', 'is', 'DHL', false],
  ['shipping_method', 'equals', 'Royal Mail 48', true],
  ['shipping_method', 'equals', 'Royal Mail', false],
  ['shipping_method', 'not_equals', 'DHL', true],
  ['shipping_method', 'not_equals', 'ROYAL MAIL 48', false],
  ['shipping_method', 'contains', 'mail', true],
  ['shipping_method', 'contains', 'dhl', false],
  ['shipping_method', 'not_contains', 'dhl', true],
  ['shipping_method', 'not_contains', 'MAIL', false],
  ['shipping_method', 'is_empty', null, true, order({ shipping_method: null })],
  ['shipping_method', 'is_empty', null, false],
  // SKUs: exact, over the lines; negative operators hold when no line matches.
  ['line_item_sku', 'is', 'SKU-1', true],
  ['line_item_sku', 'is', 'sku-1', false],
  ['line_item_sku', 'equals', 'SKU-22', true],
  ['line_item_sku', 'equals', 'SKU-2', false],
  ['line_item_sku', 'not_equals', 'SKU-3', true],
  ['line_item_sku', 'not_equals', 'SKU-1', false],
  ['line_item_sku', 'contains', 'KU-2', true],
  ['line_item_sku', 'contains', 'ku-2', false],
  ['line_item_sku', 'not_contains', 'X', true],
  ['line_item_sku', 'not_contains', 'SKU', false],
  ['line_item_sku', 'is_empty', null, true, order({ lines: [line(1, 'SKU-1'), line(2, ' ')] })],
  ['line_item_sku', 'is_empty', null, true, order({ lines: [] })],
  ['line_item_sku', 'is_empty', null, false],
  // Country codes: case-insensitive.
  ['shipping_country', 'is', 'de', true],
  ['shipping_country', 'is', 'FR', false],
  ['shipping_country', 'equals', 'DE', true],
  ['shipping_country', 'equals', 'AT', false],
  ['shipping_country', 'not_equals', 'FR', true],
  ['shipping_country', 'not_equals', 'de', false],
  ['shipping_country', 'is_empty', null, true, order({ shipping_country: null })],
  ['shipping_country', 'is_empty', null, false],
  ['invoice_country', 'is', 'GB', true],
  ['invoice_country', 'is', 'DE', false],
  ['invoice_country', 'equals', 'gB', true],
  ['invoice_country', 'equals', 'IE', false],
  ['invoice_country', 'not_equals', 'IE', true],
  ['invoice_country', 'not_equals', 'GB', false],
  ['invoice_country', 'is_empty', null, true, order({ invoice_country: '' })],
  ['invoice_country', 'is_empty', null, false],
  // Tags: case-insensitive, over the tags.
  ['order_tag', 'is', 'express', true],
  ['order_tag', 'is', 'exp', false],
  ['order_tag', 'equals', 'VIP', true],
  ['order_tag', 'equals', 'gold', false],
  ['order_tag', 'not_equals', 'gold', true],
  ['order_tag', 'not_equals', 'EXPRESS', false],
  ['order_tag', 'contains', 'pRe', true],
  ['order_tag', 'contains', 'gold', false],
  ['order_tag', 'not_contains', 'gold', true],
  ['order_tag', 'not_contains', 'ip', false],
  ['order_tag', 'is_empty', null, true, order({ tags: [] })],
  ['order_tag', 'is_empty', null, false],
  // Boolean: some line's effective quantity above 1 (SKU-22 asks for 9).
  ['order_items_quantity_greater_than_1', 'is', 'true', true],
  ['order_items_quantity_greater_than_1', 'is', 'false', false],
  [
    'order_items_quantity_greater_than_1',
    'is',
    'false',
    true,
    order({ lines: [line(1, 'A'), line(2, 'B')] }),
  ],
  ['order_items_quantity_greater_than_1', 'is', 'true', false, order({ lines: [line(1, 'A')] })],
  // The multiplier counts: 1 sold × 2 is more than one unit.
  ['order_items_quantity_greater_than_1', 'is', 'true', true, order({ lines: [line(1, 'A', 1, 2)] })],
];

describe('evaluateRules: conditions', () => {
  // Rest parameters: jest would take a fifth named parameter for a `done` callback on 4-value rows.
  it.each(CASES)('%s %s %p holds: %p', (...[field, operator, value, held, facts]: Case) => {
    expect(check(when(field, operator, value), facts).held).toBe(held);
  });

  it('covers every operator each field offers, both holding and not holding', () => {
    for (const field of RULE_CONDITION_FIELDS) {
      for (const operator of RULE_OPERATORS_BY_TYPE[field.type]) {
        const outcomes = new Set(
          CASES.filter(([f, o]) => f === field.key && o === operator).map(([, , , held]) => held),
        );
        expect({ field: field.key, operator, outcomes: [...outcomes].sort() }).toEqual({
          field: field.key,
          operator,
          outcomes: [false, true],
        });
      }
    }
  });

  it('never holds for an operator the field does not offer (refused at save)', () => {
    for (const field of RULE_CONDITION_FIELDS) {
      if (field.type === 'none') continue;
      for (const { key } of RULE_OPERATORS) {
        if (RULE_OPERATORS_BY_TYPE[field.type].includes(key)) continue;
        expect({ field: field.key, key, held: check(when(field.key, key, 'DE')).held }).toEqual({
          field: field.key,
          key,
          held: false,
        });
      }
    }
  });

  it('lets no_condition hold for every order', () => {
    expect(check(when('no_condition', null))).toEqual({
      field: 'no_condition',
      operator: null,
      value: null,
      actual: '(every order)',
      held: true,
    });
    expect(check(when('no_condition', null), order({ lines: [], tags: [] })).held).toBe(true);
  });

  it('shows what the order had, as text', () => {
    expect(check(when('total_quantity', 'equals', '1')).actual).toBe('10');
    expect(check(when('line_item_sku', 'is', 'X')).actual).toBe('SKU-1, SKU-22');
    expect(check(when('line_item_sku', 'is', 'X'), order({ lines: [] })).actual).toBe('(empty)');
    expect(check(when('order_tag', 'is', 'X')).actual).toBe('Express, vip ');
    expect(check(when('order_tag', 'is', 'X'), order({ tags: [] })).actual).toBe('(empty)');
    expect(check(when('shipping_country', 'is', 'X'), order({ shipping_country: null })).actual).toBe(
      '(empty)',
    );
    expect(check(when('order_items_quantity_greater_than_1', 'is', 'true')).actual).toBe('true');
  });

  it('combines conditions in a group and groups by their match, tracing every condition', () => {
    const de = when('shipping_country', 'is', 'DE');
    const fr = when('shipping_country', 'is', 'FR');
    const matched = (groups: RuleConditionGroup[], groups_match: 'all' | 'any') =>
      evaluateRule(order(), rule(1, groups, [tag('X')], { groups_match })).evaluation;

    const and = matched([{ match: 'all', conditions: [fr, de] }], 'all');
    expect(and.matched).toBe(false);
    // The answer was known after the first condition; the trace still shows the second.
    expect(and.groups[0]!.conditions.map((condition) => condition.held)).toEqual([false, true]);
    expect(and.actions).toEqual([]);
    expect(matched([{ match: 'any', conditions: [fr, de] }], 'all').matched).toBe(true);
    expect(matched([{ match: 'any', conditions: [fr, fr] }], 'all').matched).toBe(false);

    const groups: RuleConditionGroup[] = [
      { match: 'all', conditions: [de] },
      { match: 'all', conditions: [fr] },
    ];
    const all = matched(groups, 'all');
    expect(all.matched).toBe(false);
    expect(all.groups.map((group) => group.held)).toEqual([true, false]);
    expect(matched(groups, 'any').matched).toBe(true);
  });
});

describe('evaluateRules: runs', () => {
  const addEuForDe = rule(1, [when('shipping_country', 'is', 'DE')], [tag('EU')]);
  const b2bForEu = rule(2, [when('order_tag', 'is', 'EU')], [{ action: 'set_order_type', value: 'B2B' }]);

  it('runs rules in priority order, each seeing the changes of those before it', () => {
    const result = evaluateRules(order(), [addEuForDe, b2bForEu], { trigger: 'order_imported' });
    expect(result.fired).toEqual([1, 2]);
    expect(result.changed).toBe(true);
    expect(result.after.tags).toEqual(['Express', 'vip ', 'EU']);
    expect(result.after.order_type).toBe('B2B');
    expect(result.evaluations[1]!.groups[0]!.conditions[0]!.actual).toBe('Express, vip , EU');

    const reversed = evaluateRules(order(), [b2bForEu, addEuForDe], { trigger: 'order_imported' });
    expect(reversed.fired).toEqual([1]);
    expect(reversed.evaluations.map((evaluation) => evaluation.matched)).toEqual([false, true]);
    expect(reversed.after.order_type).toBeNull();
  });

  it('leaves the input alone: before is a copy of it, after the changed copy', () => {
    const input = order();
    const snapshot = structuredClone(input);
    const result = evaluateRules(input, [addEuForDe, rule(3, [when('no_condition', null)], [multiply(5)])], {
      trigger: 'order_imported',
    });
    expect(input).toEqual(snapshot);
    expect(result.before).toEqual(snapshot);
    expect(result.before).not.toBe(input);
    expect(result.before.lines[0]).not.toBe(input.lines[0]);
    expect(result.after.lines.map((entry) => entry.multiplier)).toEqual([5, 5]);
  });

  it('runs only the rules listening to the trigger, except when a person chose the rules', () => {
    const onPlugin = rule(4, [when('no_condition', null)], [tag('P')], {
      trigger_events: ['order_sending_to_plugin'],
    });
    const imported = evaluateRules(order(), [addEuForDe, onPlugin], { trigger: 'order_imported' });
    expect(imported.evaluations.map((evaluation) => evaluation.rule_id)).toEqual([1]);
    const sending = evaluateRules(order(), [addEuForDe, onPlugin], { trigger: 'order_sending_to_plugin' });
    expect(sending.evaluations.map((evaluation) => evaluation.rule_id)).toEqual([4]);
    expect(evaluateRules(order(), [addEuForDe, onPlugin], { trigger: 'order_updated' }).evaluations).toEqual(
      [],
    );
    for (const trigger of ['manual', 'backfill'] as const)
      expect(evaluateRules(order(), [addEuForDe, onPlugin], { trigger }).fired).toEqual([1, 4]);
  });

  it('never fires a rule twice on one order for one trigger', () => {
    const skipped = evaluateRules(order(), [addEuForDe, b2bForEu], {
      trigger: 'order_imported',
      firedBefore: new Set([1]),
    });
    expect(skipped.evaluations[0]).toEqual({
      rule_id: 1,
      rule_version: 1,
      rule_name: 'Rule 1',
      matched: false,
      skipped: 'fired_before',
      groups: [],
      actions: [],
    });
    expect(skipped.fired).toEqual([]);
    expect(skipped.after.tags).toEqual(['Express', 'vip ']);
    expect(describeEvaluation(skipped.evaluations[0]!)).toBe('Already ran on this order for this trigger.');

    const counter = rule(5, [when('no_condition', null)], [multiply(2)]);
    const twice = evaluateRules(order(), [addEuForDe, counter, addEuForDe, counter], {
      trigger: 'order_imported',
    });
    expect(twice.fired).toEqual([1, 5]);
    expect(twice.evaluations).toHaveLength(2);
    expect(twice.after.tags.filter((entry) => entry === 'EU')).toHaveLength(1);
  });

  it('counts a rule as fired when it matched, even if nothing changed', () => {
    const result = evaluateRules(order({ tags: ['eu'] }), [addEuForDe], { trigger: 'order_imported' });
    expect(result.fired).toEqual([1]);
    expect(result.changed).toBe(false);
    expect(result.evaluations[0]!.actions[0]).toMatchObject({
      changed: false,
      note: 'The order has the tag already.',
    });
    expect(describeEvaluation(result.evaluations[0]!)).toBe('Conditions met; nothing to change.');
  });

  it('sees every change of a rule before it, also on a field an earlier rule had looked at', () => {
    // Each field is looked at (and so worked out) before a later rule changes it.
    const rules = [
      rule(1, [when('order_tag', 'is', 'EU')], [tag('SEEN-EU-EARLY')]),
      rule(2, [when('shipping_method', 'is', 'DHL')], [tag('SEEN-DHL-EARLY')]),
      rule(3, [when('total_quantity', 'greater_than', '5')], [tag('SEEN-BIG-EARLY')]),
      rule(
        4,
        [when('shipping_country', 'is', 'DE')],
        [tag('EU'), { action: 'set_shipping_method', value: 'DHL' }, multiply(4)],
      ),
      rule(5, [when('order_tag', 'is', 'EU')], [tag('SEEN-EU')]),
      rule(6, [when('shipping_method', 'is', 'DHL')], [tag('SEEN-DHL')]),
      rule(7, [when('total_quantity', 'greater_than', '5')], [tag('SEEN-BIG')]),
      rule(8, [when('order_items_quantity_greater_than_1', 'is', 'true')], [tag('SEEN-MANY')]),
      rule(9, [when('line_count', 'equals', '2')], [tag('SEEN-TWO-LINES')]),
    ];
    const result = evaluateRules(order({ lines: [line(1, 'A'), line(2, 'B')] }), rules, {
      trigger: 'order_imported',
    });
    expect(result.fired).toEqual([4, 5, 6, 7, 8, 9]);
    expect(result.after.tags).toEqual([
      'Express',
      'vip ',
      'EU',
      'SEEN-EU',
      'SEEN-DHL',
      'SEEN-BIG',
      'SEEN-MANY',
      'SEEN-TWO-LINES',
    ]);
    expect(result.evaluations[6]!.groups[0]!.conditions[0]!.actual).toBe('8');
  });

  it("keeps only the matched rules' evaluations when asked, with the same outcome", () => {
    const rules = [
      addEuForDe,
      b2bForEu,
      rule(3, [when('shipping_country', 'is', 'FR')], [tag('FR')]),
      rule(
        4,
        [{ match: 'any', conditions: [when('order_tag', 'is', 'nope'), when('line_count', 'equals', '2')] }],
        [multiply(2)],
      ),
      rule(5, [when('total_quantity', 'greater_than', '99')], [tag('HUGE')]),
      rule(
        6,
        [when('channel_name', 'contains', 'amazon')],
        [{ action: 'update_order_sync_status', value: 'on_hold' }],
      ),
      rule(7, [when('shipping_country', 'is', 'DE')], [tag('FIRED-BEFORE')]),
    ];
    for (const facts of [order(), order({ shipping_country: 'FR', tags: [] }), order({ lines: [] })]) {
      const options = { trigger: 'order_imported' as const, firedBefore: new Set([7]) };
      const full = evaluateRules(facts, rules, options);
      const matched = evaluateRules(facts, rules, { ...options, detail: 'matched' });
      expect(matched.after).toEqual(full.after);
      expect(matched.fired).toEqual(full.fired);
      expect(matched.changed).toBe(full.changed);
      expect(matched.evaluations).toEqual(
        full.evaluations.filter((evaluation) => evaluation.matched && !evaluation.skipped),
      );
    }
  });
});

describe('evaluateRules: actions', () => {
  const always = (actions: RuleAction[], id = 1) => rule(id, [when('no_condition', null)], actions);

  it('moves the sync status only where the transition table allows', () => {
    const run = (sync_status: number, ...targets: string[]) =>
      evaluateRules(
        order({ sync_status }),
        targets.map((target, index) => always([toStatus(target)], index + 1)),
        { trigger: 'order_imported' },
      );

    const held = run(status('pending'), 'on_hold');
    expect(held.after.sync_status).toBe(status('on_hold'));
    expect(held.evaluations[0]!.actions[0]).toEqual({
      action: 'update_order_sync_status',
      value: 'on_hold',
      changed: true,
      before: 'Pending',
      after: 'On hold',
      note: null,
    });
    expect(describeEvaluation(held.evaluations[0]!)).toBe('Moved the order from Pending to On hold.');

    const synced = run(status('synced'), 'on_hold');
    expect(synced.after.sync_status).toBe(status('synced'));
    expect(synced.evaluations[0]!.actions[0]).toMatchObject({
      changed: false,
      note: 'Synced orders cannot be moved to On hold.',
    });

    expect(run(status('on_hold'), 'on_hold').evaluations[0]!.actions[0]!.note).toBe(
      'The order is On hold already.',
    );
    // 15 is the import's holding state: the rules decide as if the order were pending.
    expect(run(status('rule_engine_in_progress'), 'excluded').after.sync_status).toBe(status('excluded'));
    // Chained: the second rule moves on from where the first left the order.
    const chained = run(status('pending'), 'on_hold', 'pending');
    expect(chained.after.sync_status).toBe(status('pending'));
    expect(chained.evaluations.map((evaluation) => evaluation.actions[0]!.changed)).toEqual([true, true]);
    expect(run(status('cancelled'), 'pending').evaluations[0]!.actions[0]!.note).toBe(
      'Cancelled orders cannot be moved to Pending.',
    );
  });

  it('sets the shipping method and order type, noting when they are so already', () => {
    const result = evaluateRules(
      order(),
      [
        always([
          { action: 'set_shipping_method', value: 'DHL' },
          { action: 'set_order_type', value: 'B2B' },
          { action: 'set_shipping_method', value: 'DHL' },
        ]),
      ],
      { trigger: 'order_imported' },
    );
    expect(result.after).toMatchObject({ shipping_method: 'DHL', order_type: 'B2B' });
    expect(
      result.evaluations[0]!.actions.map(({ changed, before, after }) => [changed, before, after]),
    ).toEqual([
      [true, 'Royal Mail 48', 'DHL'],
      [true, '(empty)', 'B2B'],
      [false, 'DHL', 'DHL'],
    ]);
    expect(describeEvaluation(result.evaluations[0]!)).toBe(
      'Set the shipping method to DHL; set the order type to B2B.',
    );
  });

  it('multiplies every line when the rule names no SKU, absolutely (never twice)', () => {
    const first = evaluateRules(order(), [always([multiply(6)])], { trigger: 'order_imported' });
    expect(first.after.lines.map((entry) => [entry.multiplier, effectiveQuantity(entry)])).toEqual([
      [6, 6],
      [6, 18],
    ]);
    expect(first.evaluations[0]!.actions[0]).toMatchObject({
      changed: true,
      before: '1 × SKU-1, 9 × SKU-22',
      after: '6 × SKU-1, 18 × SKU-22',
    });
    expect(describeEvaluation(first.evaluations[0]!)).toBe('Multiplied SKU-1, SKU-22 by 6.');

    const again = evaluateRules(first.after, [always([multiply(6)])], { trigger: 'manual' });
    expect(again.changed).toBe(false);
    expect(again.after.lines.map((entry) => entry.multiplier)).toEqual([6, 6]);
  });

  it('multiplies only the lines the rule’s SKU conditions name, and later rules see the new quantity', () => {
    const sixPack = rule(
      1,
      [
        {
          match: 'any',
          conditions: [when('line_item_sku', 'is', 'SKU-1'), when('line_item_sku', 'contains', 'NOPE')],
        },
      ],
      [multiply(6)],
    );
    const big = rule(2, [when('total_quantity', 'greater_than', '14')], [tag('BIG')]);
    const result = evaluateRules(order(), [sixPack, big], { trigger: 'order_imported' });
    expect(result.after.lines.map((entry) => entry.multiplier)).toEqual([6, 3]);
    expect(describeEvaluation(result.evaluations[0]!)).toBe('Multiplied SKU-1 by 6.');
    expect(result.fired).toEqual([1, 2]);
    expect(result.evaluations[1]!.groups[0]!.conditions[0]!.actual).toBe('15');

    const negative = rule(3, [when('line_item_sku', 'not_equals', 'SKU-1')], [multiply(2)]);
    const none = evaluateRules(order({ lines: [line(1, 'A'), line(2, 'B')] }), [negative], {
      trigger: 'order_imported',
    });
    // A negative SKU condition names no line, so every line is multiplied.
    expect(none.after.lines.map((entry) => entry.multiplier)).toEqual([2, 2]);
  });

  it('adds a tag unless the order has it in any case', () => {
    const result = evaluateRules(order(), [always([tag('EU'), tag('express')])], {
      trigger: 'order_imported',
    });
    expect(result.after.tags).toEqual(['Express', 'vip ', 'EU']);
    expect(result.evaluations[0]!.actions.map((action) => action.changed)).toEqual([true, false]);
    expect(describeEvaluation(result.evaluations[0]!)).toBe('Added the tag EU.');
  });

  it('says when conditions were not met', () => {
    const { evaluation, after } = evaluateRule(
      order(),
      rule(1, [when('shipping_country', 'is', 'FR')], [tag('X')]),
    );
    expect(describeEvaluation(evaluation)).toBe('Conditions not met.');
    expect(after).toEqual(order());
  });
});

describe('pluginRuleDefinition', () => {
  it('runs a plugin rule as a one-condition, one-action rule', () => {
    const plugin: PluginRuleDto = {
      id: 9,
      plugin_id: 3,
      version: 2,
      name: 'Hold big orders',
      condition_field: 'total_quantity',
      condition_operator: 'greater_than',
      condition_value: '5',
      action_name: 'update_order_sync_status',
      action_value: 'on_hold',
      execution_step: 1,
      is_active: true,
      created_at: '2026-11-24T00:00:00.000Z',
      updated_at: '2026-11-24T00:00:00.000Z',
    };
    const result = evaluateRules(order(), [pluginRuleDefinition(plugin)], {
      trigger: 'order_sending_to_plugin',
    });
    expect(result.fired).toEqual([9]);
    expect(result.after.sync_status).toBe(status('on_hold'));
    expect(result.evaluations[0]).toMatchObject({
      rule_id: 9,
      rule_version: 2,
      rule_name: 'Hold big orders',
    });
  });
});
