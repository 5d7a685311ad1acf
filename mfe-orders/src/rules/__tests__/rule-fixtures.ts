import {
  RULE_ACTIONS,
  RULE_CONDITION_FIELDS,
  RULE_OPERATORS,
  RULE_OPERATORS_BY_TYPE,
  RULE_TRIGGER_EVENTS,
  type RuleDto,
} from '@syncdesk/contracts';

/** A saved rule of store 11 (Acme Web). */
export function ruleDto(overrides: Partial<RuleDto> = {}): RuleDto {
  return {
    id: 1,
    version: 1,
    name: 'EU orders',
    store_id: 11,
    store_name: 'Acme Web',
    data_type: 'order',
    priority: 1,
    is_active: true,
    trigger_events: ['order_imported'],
    groups_match: 'all',
    condition_groups: [
      { match: 'all', conditions: [{ field: 'shipping_country', operator: 'is', value: 'DE' }] },
    ],
    actions: [{ action: 'add_tag', value: 'EU' }],
    trigger_events_count: 1,
    conditions_count: 1,
    actions_count: 1,
    fired_count: 4,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** What the api answers for the editor's vocabulary (built from contracts, as the server does). */
export const META_ROUTES = {
  'GET /trigger-events': { body: { data: RULE_TRIGGER_EVENTS } },
  'GET /condition-fields/:dataType': {
    body: {
      data: RULE_CONDITION_FIELDS.map((field) => ({
        ...field,
        operators: RULE_OPERATORS_BY_TYPE[field.type].map((key) => ({
          key,
          label: RULE_OPERATORS.find((operator) => operator.key === key)?.label,
        })),
      })),
    },
  },
  'GET /actions/:dataType': {
    body: {
      data: RULE_ACTIONS.map((action) =>
        action.valueType === 'sync_status'
          ? {
              ...action,
              options: [
                { value: 'on_hold', label: 'On hold' },
                { value: 'excluded', label: 'Excluded' },
              ],
            }
          : action,
      ),
    },
  },
};
