import { pluginRuleInputSchema, RULE_MESSAGES, ruleInputSchema } from '../rule.schemas';

const validRule = () => ({
  store_id: 3,
  name: '  EU orders ',
  trigger_events: ['order_imported', 'order_imported'],
  groups_match: 'all',
  condition_groups: [
    {
      match: 'all',
      conditions: [
        { field: 'shipping_country', operator: 'is', value: ' de ' },
        { field: 'order_tag', operator: 'is_empty', value: 'ignored' },
      ],
    },
  ],
  actions: [
    { action: 'add_tag', value: 'EU' },
    { action: 'multiply_line_item_quantity', value: 6 },
  ],
});

/** The messages a refused input answers with (the 422's field messages). */
function problems(schema: typeof ruleInputSchema | typeof pluginRuleInputSchema, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function withCondition(field: string, operator: string | null, value: string | null) {
  const rule = validRule();
  rule.condition_groups[0]!.conditions = [{ field, operator, value } as never];
  return rule;
}

function withActions(...actions: { action: string; value: string | number }[]) {
  return { ...validRule(), actions };
}

describe('ruleInputSchema', () => {
  it('accepts a valid rule, trimming values and dropping repeats', () => {
    const parsed = ruleInputSchema.parse(validRule());
    expect(parsed.name).toBe('EU orders');
    expect(parsed.data_type).toBe('order');
    expect(parsed.trigger_events).toEqual(['order_imported']);
    expect(parsed.condition_groups[0]!.conditions).toEqual([
      { field: 'shipping_country', operator: 'is', value: 'de' },
      { field: 'order_tag', operator: 'is_empty', value: null },
    ]);
    expect(parsed.actions[1]).toEqual({ action: 'multiply_line_item_quantity', value: '6' });
  });

  it('refuses values that do not suit the field, in the seller’s words', () => {
    expect(problems(ruleInputSchema, withCondition('shipping_country', 'is', 'DEU'))).toEqual([
      RULE_MESSAGES.notACountry('Shipping country ISO code'),
    ]);
    expect(problems(ruleInputSchema, withCondition('total_quantity', 'greater_than', 'ten'))).toEqual([
      RULE_MESSAGES.notANumber('Total quantity'),
    ]);
    expect(problems(ruleInputSchema, withCondition('line_count', 'equals', '-1'))).toEqual([
      RULE_MESSAGES.notANumber('Line count'),
    ]);
    expect(
      problems(ruleInputSchema, withCondition('order_items_quantity_greater_than_1', 'is', 'maybe')),
    ).toEqual([RULE_MESSAGES.notABoolean('Order items quantity greater than 1')]);
    expect(problems(ruleInputSchema, withCondition('channel_name', 'is', '  '))).toEqual([
      RULE_MESSAGES.valueRequired('Channel name'),
    ]);
    expect(problems(ruleInputSchema, withCondition('channel_name', null, 'Amazon'))).toEqual([
      RULE_MESSAGES.operatorRequired('Channel name'),
    ]);
  });

  it('tells an empty action or condition row what its control asks for, not the list of keys', () => {
    const result = ruleInputSchema.safeParse(withActions({ action: undefined as never, value: '' }));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['actions.0.action', RULE_MESSAGES.actionChoice],
    ]);
    expect(problems(ruleInputSchema, withCondition(undefined as never, null, null))).toEqual([
      RULE_MESSAGES.fieldChoice,
    ]);
    expect(
      problems(pluginRuleInputSchema, { name: 'Hold', condition_field: 'no_condition', action_value: '' }),
    ).toEqual([RULE_MESSAGES.actionChoice]);
  });

  it('refuses an operator the field’s type does not offer', () => {
    expect(problems(ruleInputSchema, withCondition('shipping_country', 'contains', 'DE'))).toEqual([
      RULE_MESSAGES.operatorNotOffered('Shipping country ISO code', 'contains'),
    ]);
    expect(problems(ruleInputSchema, withCondition('total_quantity', 'contains', '3'))).toEqual([
      RULE_MESSAGES.operatorNotOffered('Total quantity', 'contains'),
    ]);
    expect(problems(ruleInputSchema, withCondition('order_tag', 'greater_than', '3'))).toEqual([
      RULE_MESSAGES.operatorNotOffered('Order tag', 'is greater than'),
    ]);
  });

  it('refuses a status the transition table never moves orders to, and a multiplier of 1', () => {
    expect(
      problems(ruleInputSchema, withActions({ action: 'update_order_sync_status', value: 'synced' })),
    ).toEqual([RULE_MESSAGES.statusNotAllowed('synced')]);
    expect(
      problems(ruleInputSchema, withActions({ action: 'update_order_sync_status', value: 'on_hold' })),
    ).toEqual([]);
    expect(
      problems(ruleInputSchema, withActions({ action: 'multiply_line_item_quantity', value: 1 })),
    ).toEqual([RULE_MESSAGES.multiplier]);
    expect(
      problems(ruleInputSchema, withActions({ action: 'multiply_line_item_quantity', value: '2.5' })),
    ).toEqual([RULE_MESSAGES.multiplier]);
  });

  it('refuses two multiply actions, two status actions and a no_condition with siblings', () => {
    expect(
      problems(
        ruleInputSchema,
        withActions(
          { action: 'multiply_line_item_quantity', value: 2 },
          { action: 'multiply_line_item_quantity', value: 3 },
        ),
      ),
    ).toEqual([RULE_MESSAGES.oneMultiplier]);
    expect(
      problems(
        ruleInputSchema,
        withActions(
          { action: 'update_order_sync_status', value: 'on_hold' },
          { action: 'update_order_sync_status', value: 'excluded' },
        ),
      ),
    ).toEqual([RULE_MESSAGES.oneStatus]);
    const rule = validRule();
    rule.condition_groups[0]!.conditions.push({ field: 'no_condition', operator: 'is', value: 'x' });
    expect(problems(ruleInputSchema, rule)).toEqual([RULE_MESSAGES.noConditionAlone]);
  });

  it('clears the operator and value of a lone no_condition', () => {
    const parsed = ruleInputSchema.parse(withCondition('no_condition', 'is', 'x'));
    expect(parsed.condition_groups[0]!.conditions).toEqual([
      { field: 'no_condition', operator: null, value: null },
    ]);
  });

  it('refuses a rule without triggers, conditions or actions', () => {
    expect(problems(ruleInputSchema, { ...validRule(), trigger_events: [] })).toEqual([
      RULE_MESSAGES.triggersRequired,
    ]);
    expect(problems(ruleInputSchema, { ...validRule(), condition_groups: [] })).toEqual([
      RULE_MESSAGES.conditionsRequired,
    ]);
    expect(problems(ruleInputSchema, { ...validRule(), actions: [] })).toEqual([
      RULE_MESSAGES.actionsRequired,
    ]);
  });
});

describe('pluginRuleInputSchema', () => {
  const valid = () => ({
    name: 'Hold big orders',
    condition_field: 'shipping_country',
    condition_operator: 'equals',
    condition_value: ' gb ',
    action_name: 'update_order_sync_status',
    action_value: 'on_hold',
    execution_step: '2',
  });

  it('accepts a valid plugin rule', () => {
    expect(pluginRuleInputSchema.parse(valid())).toMatchObject({
      condition_value: 'gb',
      action_value: 'on_hold',
      execution_step: 2,
    });
  });

  it('refuses what the store rules refuse', () => {
    expect(problems(pluginRuleInputSchema, { ...valid(), condition_value: 'GBR' })).toEqual([
      RULE_MESSAGES.notACountry('Shipping country ISO code'),
    ]);
    expect(problems(pluginRuleInputSchema, { ...valid(), condition_operator: 'contains' })).toEqual([
      RULE_MESSAGES.operatorNotOffered('Shipping country ISO code', 'contains'),
    ]);
    expect(
      problems(pluginRuleInputSchema, {
        ...valid(),
        condition_field: 'total_quantity',
        condition_value: 'x',
      }),
    ).toEqual([RULE_MESSAGES.notANumber('Total quantity')]);
    expect(problems(pluginRuleInputSchema, { ...valid(), action_value: 'synced' })).toEqual([
      RULE_MESSAGES.statusNotAllowed('synced'),
    ]);
    expect(
      problems(pluginRuleInputSchema, {
        ...valid(),
        action_name: 'multiply_line_item_quantity',
        action_value: 1,
      }),
    ).toEqual([RULE_MESSAGES.multiplier]);
  });
});
