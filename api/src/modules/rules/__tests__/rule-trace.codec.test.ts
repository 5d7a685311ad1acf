import {
  evaluateRules,
  pluginRuleDefinition,
  type RuleDefinition,
  type RuleEvaluation,
  type RuleOrderFacts,
} from '@syncdesk/contracts';
import {
  definitionKey,
  factsTraceOf,
  expandTrace,
  tracedRuleVersions,
  type StoredTrace,
  type TraceRuleDefinition,
} from '../rule-trace.codec';

const facts = (overrides: Partial<RuleOrderFacts> = {}): RuleOrderFacts => ({
  order_id: 7,
  order_number: '#1007',
  channel_name: 'Web shop',
  shipping_method: null,
  shipping_country: 'DE',
  invoice_country: 'de',
  tags: ['web', ''],
  order_type: null,
  sync_status: 15,
  lines: [
    { id: 1, sku: 'SKU-1', channel_quantity: 2, multiplier: 1 },
    { id: 2, sku: null, channel_quantity: 1, multiplier: 1 },
  ],
  ...overrides,
});

const rule = (id: number, version: number, rest: Omit<RuleDefinition, 'id' | 'version' | 'trigger_events'>) =>
  ({ id, version, trigger_events: ['order_imported'], ...rest }) as RuleDefinition;

/** Rules covering every shape the trace keeps: groups any/all, each action, refusals, "no condition". */
const RULES: RuleDefinition[] = [
  rule(11, 3, {
    name: 'EU “quoted” \\ orders',
    groups_match: 'any',
    condition_groups: [
      {
        match: 'all',
        conditions: [
          { field: 'shipping_country', operator: 'is', value: 'DE' },
          { field: 'invoice_country', operator: 'is', value: 'DE' },
        ],
      },
      { match: 'any', conditions: [{ field: 'total_quantity', operator: 'greater_than', value: '9' }] },
    ],
    actions: [
      { action: 'add_tag', value: 'EU' },
      { action: 'set_shipping_method', value: 'DHL' },
    ],
  }),
  rule(12, 1, {
    name: 'Multiply',
    groups_match: 'all',
    condition_groups: [
      { match: 'all', conditions: [{ field: 'line_item_sku', operator: 'is', value: 'SKU-1' }] },
    ],
    actions: [{ action: 'multiply_line_item_quantity', value: '3' }],
  }),
  rule(13, 2, {
    name: 'Tag again, hold',
    groups_match: 'all',
    condition_groups: [
      { match: 'all', conditions: [{ field: 'no_condition', operator: null, value: null }] },
    ],
    actions: [
      { action: 'add_tag', value: 'eu' },
      { action: 'update_order_sync_status', value: 'synced' },
      { action: 'update_order_sync_status', value: 'nonsense' },
      { action: 'set_order_type', value: 'B2B' },
    ],
  }),
  rule(14, 1, {
    name: 'Never',
    groups_match: 'all',
    condition_groups: [
      {
        match: 'all',
        conditions: [
          { field: 'order_tag', operator: 'is_empty', value: null },
          { field: 'line_count', operator: 'less_than', value: '1' },
        ],
      },
    ],
    actions: [{ action: 'set_order_type', value: 'Never' }],
  }),
  rule(15, 1, {
    name: 'Fired before',
    groups_match: 'all',
    condition_groups: [
      { match: 'all', conditions: [{ field: 'no_condition', operator: null, value: null }] },
    ],
    actions: [{ action: 'add_tag', value: 'X' }],
  }),
];

const definitions = new Map<string, TraceRuleDefinition>(
  RULES.map((definition) => [definitionKey(definition.id, definition.version), definition]),
);

function roundTrip(
  before: RuleOrderFacts,
  evaluations: { kind: 'rule' | 'plugin_rule'; evaluation: RuleEvaluation }[],
) {
  return JSON.parse(factsTraceOf(before, evaluations)) as StoredTrace;
}

describe('rule trace as stored', () => {
  it('reads back every evaluation exactly as the evaluator wrote it', () => {
    const result = evaluateRules(facts(), RULES, { trigger: 'order_imported', firedBefore: new Set([15]) });
    expect(result.evaluations.map((evaluation) => evaluation.matched)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(result.evaluations[4]!.skipped).toBe('fired_before');
    const plugin = evaluateRules(
      result.after,
      [
        pluginRuleDefinition({
          id: 11, // the same id as a store rule: kept apart by kind
          plugin_id: 4,
          name: 'Plugin tag',
          condition_field: 'shipping_country',
          condition_operator: 'is',
          condition_value: 'DE',
          action_name: 'add_tag',
          action_value: 'PLUGIN',
          execution_step: 1,
          is_active: true,
          version: 2,
          created_at: '',
          updated_at: '',
        }),
      ],
      { trigger: 'order_sending_to_plugin' },
    );
    const written = [
      ...result.evaluations.map((evaluation) => ({ kind: 'rule' as const, evaluation })),
      ...plugin.evaluations.map((evaluation) => ({ kind: 'plugin_rule' as const, evaluation })),
    ];
    const stored = roundTrip(facts(), written);
    // The store rules' versions are what it is read back with.
    expect(tracedRuleVersions(stored)).toEqual([
      { ruleId: 11, version: 3 },
      { ruleId: 12, version: 1 },
      { ruleId: 13, version: 2 },
      { ruleId: 14, version: 1 },
      { ruleId: 15, version: 1 },
    ]);
    expect(expandTrace(stored, definitions)).toEqual(written);
    // A fraction of the evaluations it stands for.
    expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(written).length / 3);
  });

  it('reads v2 rows (what each condition saw and each action did) as written', () => {
    const stored = JSON.parse(
      '{"v":2,"t":["SKU-1","2 × SKU-1","6 × SKU-1"],"e":[[12,1,1,[1,0],[1,1,2,-1]],[15,1,2,[],[]]]}',
    ) as StoredTrace;
    expect(expandTrace(stored, definitions)).toEqual([
      {
        kind: 'rule',
        evaluation: {
          rule_id: 12,
          rule_version: 1,
          rule_name: 'Multiply',
          matched: true,
          skipped: null,
          groups: [
            {
              match: 'all',
              held: true,
              conditions: [
                { field: 'line_item_sku', operator: 'is', value: 'SKU-1', actual: 'SKU-1', held: true },
              ],
            },
          ],
          actions: [
            {
              action: 'multiply_line_item_quantity',
              value: '3',
              changed: true,
              before: '2 × SKU-1',
              after: '6 × SKU-1',
              note: null,
            },
          ],
        },
      },
      {
        kind: 'rule',
        evaluation: {
          rule_id: 15,
          rule_version: 1,
          rule_name: 'Fired before',
          matched: false,
          skipped: 'fired_before',
          groups: [],
          actions: [],
        },
      },
    ]);
  });

  it('reads rows written before as they are', () => {
    const result = evaluateRules(facts(), RULES, { trigger: 'order_imported' });
    expect(expandTrace(result.evaluations, new Map())).toEqual(
      result.evaluations.map((evaluation) => ({ kind: 'rule', evaluation })),
    );
  });

  it('names a rule whose version is gone rather than failing, and still evaluates the others', () => {
    const result = evaluateRules(facts(), RULES.slice(0, 2), { trigger: 'order_imported' });
    const stored = roundTrip(
      facts(),
      result.evaluations.map((evaluation) => ({ kind: 'rule' as const, evaluation })),
    );
    const known = new Map([...definitions].filter(([key]) => key !== definitionKey(11, 3)));
    const [gone, multiply] = expandTrace(stored, known);
    // Without its version the rule cannot be evaluated again: named, shown as not known to match.
    expect(gone!.evaluation).toMatchObject({
      rule_id: 11,
      rule_version: 3,
      rule_name: 'Rule 11 (version 3)',
      groups: [],
      actions: [],
    });
    expect(multiply!.evaluation).toEqual(result.evaluations[1]);
  });
});
