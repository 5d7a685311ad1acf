import {
  describeAction,
  describeCondition,
  describeRuleChanges,
  type RuleChangeSubject,
} from '../rule-changes';

const base = (): RuleChangeSubject => ({
  name: 'EU orders',
  trigger_events: ['order_imported'],
  groups_match: 'all',
  condition_groups: [
    {
      match: 'all',
      conditions: [{ field: 'shipping_country', operator: 'is', value: 'DE' }],
    },
  ],
  actions: [{ action: 'add_tag', value: 'EU' }],
});

describe('describeCondition and describeAction', () => {
  it('say conditions and actions as the seller reads them', () => {
    expect(describeCondition({ field: 'shipping_country', operator: 'is', value: 'DE' })).toBe(
      'Shipping country ISO code is DE',
    );
    expect(describeCondition({ field: 'order_tag', operator: 'is_empty', value: null })).toBe(
      'Order tag is empty',
    );
    expect(describeCondition({ field: 'no_condition', operator: null, value: null })).toBe('No condition');
    expect(describeCondition({ field: 'total_quantity', operator: 'greater_than', value: '5' })).toBe(
      'Total quantity is greater than 5',
    );
    expect(describeAction({ action: 'add_tag', value: 'EU' })).toBe('Add tag EU');
    expect(describeAction({ action: 'update_order_sync_status', value: 'on_hold' })).toBe(
      'Update order sync status to On hold',
    );
    expect(describeAction({ action: 'multiply_line_item_quantity', value: '6' })).toBe(
      'Multiply line item quantity by 6',
    );
    expect(describeAction({ action: 'set_shipping_method', value: 'DHL' })).toBe(
      'Set shipping method to DHL',
    );
  });
});

describe('describeRuleChanges', () => {
  it('says a first save created the rule, and an unchanged save changed nothing', () => {
    expect(describeRuleChanges(null, base())).toEqual(['Created the rule.']);
    expect(describeRuleChanges(base(), base())).toEqual([]);
  });

  it('names each change of a save', () => {
    const after = base();
    after.name = 'EU and Austria';
    after.trigger_events = ['order_updated'];
    after.groups_match = 'any';
    after.condition_groups = [
      {
        match: 'any',
        conditions: [
          { field: 'shipping_country', operator: 'is', value: 'AT' },
          { field: 'order_tag', operator: 'is_empty', value: null },
        ],
      },
    ];
    after.actions = [
      { action: 'add_tag', value: 'EU' },
      { action: 'update_order_sync_status', value: 'on_hold' },
    ];
    expect(describeRuleChanges(base(), after)).toEqual([
      'Renamed the rule from “EU orders” to “EU and Austria”.',
      'Added the trigger Order changed by its channel.',
      'Removed the trigger Order imported.',
      'Groups now combine with OR (any group).',
      'Group 1 now combines its conditions with OR (any condition).',
      'Added the condition Shipping country ISO code is AT.',
      'Added the condition Order tag is empty.',
      'Removed the condition Shipping country ISO code is DE.',
      'Added the action Update order sync status to On hold.',
    ]);
  });

  it('says when the actions only changed order, since later actions see earlier ones', () => {
    const before = base();
    before.actions.push({ action: 'set_order_type', value: 'B2B' });
    const after = base();
    after.actions.unshift({ action: 'set_order_type', value: 'B2B' });
    expect(describeRuleChanges(before, after)).toEqual(['Reordered the actions.']);
    expect(describeRuleChanges(after, base())).toEqual(['Removed the action Set order type to B2B.']);
  });
});
