import type { RuleAction, RuleConditionGroup, RuleMatch, RuleTriggerEvent } from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import type { TestProcess } from '@syncdesk/server/testing';

/** A store rule written straight to the table, as the rule tests need them. */
export function storeRule(
  server: TestProcess,
  store: Pick<Store, 'id' | 'company_id'>,
  rule: {
    name: string;
    priority: number;
    groups: RuleConditionGroup[];
    actions: RuleAction[];
    groupsMatch?: RuleMatch;
    triggers?: RuleTriggerEvent[];
  },
) {
  const triggers = rule.triggers ?? ['order_imported'];
  return server.services.models.RuleEngine.create({
    company_id: store.company_id,
    store_id: store.id,
    name: rule.name,
    data_type: 'order',
    priority: rule.priority,
    is_active: true,
    version: 1,
    definition: {
      trigger_events: triggers,
      groups_match: rule.groupsMatch ?? 'all',
      condition_groups: rule.groups,
      actions: rule.actions,
    },
    trigger_events_count: triggers.length,
    conditions_count: rule.groups.reduce((total, group) => total + group.conditions.length, 0),
    actions_count: rule.actions.length,
    created_by: null,
  });
}
