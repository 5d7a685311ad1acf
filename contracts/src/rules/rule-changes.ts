import { ORDER_SYNC_STATUS } from '../orders/order.status';
import type { RuleAction, RuleCondition, RuleDefinition } from './rule.dto';
import {
  RULE_ACTIONS,
  RULE_CONDITION_FIELDS,
  RULE_OPERATORS,
  RULE_TRIGGER_EVENTS,
  type RuleMatch,
  type RuleTriggerEvent,
} from './rule.vocabulary';

/**
 * Rules and their parts as sentences: the version history ("what changed in this save"), the
 * rules list, the editor's summary and the "why" trace all say them the same way.
 */

/** What a version of a rule is compared on. */
export type RuleChangeSubject = Pick<
  RuleDefinition,
  'name' | 'trigger_events' | 'groups_match' | 'condition_groups' | 'actions'
>;

const FIELD_LABELS = new Map<string, string>(RULE_CONDITION_FIELDS.map((entry) => [entry.key, entry.label]));
const OPERATOR_LABELS = new Map<string, string>(RULE_OPERATORS.map((entry) => [entry.key, entry.label]));
const ACTION_LABELS = new Map<string, string>(RULE_ACTIONS.map((entry) => [entry.key, entry.label]));
const TRIGGER_LABELS = new Map<string, string>(RULE_TRIGGER_EVENTS.map((entry) => [entry.key, entry.label]));

const triggerLabel = (event: RuleTriggerEvent) => TRIGGER_LABELS.get(event) ?? event;

function assertUnreachable(value: never): never {
  throw new Error(`Unhandled rule action: ${String(value)}`);
}

/** "Shipping country ISO code is DE", "Order tag is empty", "No condition". */
export function describeCondition(condition: RuleCondition): string {
  const field = FIELD_LABELS.get(condition.field) ?? condition.field;
  if (condition.field === 'no_condition') return field;
  if (condition.operator === null) return field;
  const operator = OPERATOR_LABELS.get(condition.operator) ?? condition.operator;
  if (condition.operator === 'is_empty') return `${field} ${operator}`;
  const value = (condition.value ?? '').trim();
  // The boolean field is saved as 'true'/'false'; people read yes/no.
  const shown =
    condition.field === 'order_items_quantity_greater_than_1' ? (value === 'true' ? 'yes' : 'no') : value;
  return `${field} ${operator} ${shown}`;
}

/** "Add tag EU", "Update order sync status to On hold", "Multiply line item quantity by 6". */
export function describeAction(action: RuleAction): string {
  const label = ACTION_LABELS.get(action.action) ?? action.action;
  const value = action.value.trim();
  switch (action.action) {
    case 'add_tag':
      return `${label} ${value}`;
    case 'update_order_sync_status': {
      const status = ORDER_SYNC_STATUS.entries.find((entry) => entry.key === value);
      return `${label} to ${status?.label ?? value}`;
    }
    case 'set_shipping_method':
    case 'set_order_type':
      return `${label} to ${value}`;
    case 'multiply_line_item_quantity':
      return `${label} by ${value}`;
    default:
      return assertUnreachable(action.action);
  }
}

const matchWords = (match: RuleMatch, of: 'group' | 'condition') =>
  match === 'all' ? `AND (all ${of}s)` : `OR (any ${of})`;

/** Texts in `from` missing from `to`, counting repeats (a multiset difference, in `from`'s order). */
function missing(from: readonly string[], to: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const text of to) left.set(text, (left.get(text) ?? 0) + 1);
  return from.filter((text) => {
    const count = left.get(text) ?? 0;
    if (count > 0) {
      left.set(text, count - 1);
      return false;
    }
    return true;
  });
}

/**
 * The sentences of a version's history: what this save changed since the one before (empty when
 * nothing did). Conditions and actions compare by their sentences, so a changed one reads as
 * removed and added.
 */
export function describeRuleChanges(before: RuleChangeSubject | null, after: RuleChangeSubject): string[] {
  if (!before) return ['Created the rule.'];
  const changes: string[] = [];
  if (before.name.trim() !== after.name.trim())
    changes.push(`Renamed the rule from “${before.name.trim()}” to “${after.name.trim()}”.`);

  for (const event of after.trigger_events)
    if (!before.trigger_events.includes(event)) changes.push(`Added the trigger ${triggerLabel(event)}.`);
  for (const event of before.trigger_events)
    if (!after.trigger_events.includes(event)) changes.push(`Removed the trigger ${triggerLabel(event)}.`);

  if (before.groups_match !== after.groups_match)
    changes.push(`Groups now combine with ${matchWords(after.groups_match, 'group')}.`);
  after.condition_groups.forEach((group, index) => {
    const previous = before.condition_groups[index];
    if (previous && previous.match !== group.match)
      changes.push(
        `Group ${index + 1} now combines its conditions with ${matchWords(group.match, 'condition')}.`,
      );
  });

  const conditionsBefore = before.condition_groups.flatMap((group) =>
    group.conditions.map(describeCondition),
  );
  const conditionsAfter = after.condition_groups.flatMap((group) => group.conditions.map(describeCondition));
  const conditionsRemoved = missing(conditionsBefore, conditionsAfter);
  const conditionsAdded = missing(conditionsAfter, conditionsBefore);
  for (const text of conditionsAdded) changes.push(`Added the condition ${text}.`);
  for (const text of conditionsRemoved) changes.push(`Removed the condition ${text}.`);
  // The same conditions laid out in other groups change what matches, so say so.
  const layout = (subject: RuleChangeSubject) =>
    JSON.stringify(subject.condition_groups.map((group) => group.conditions.map(describeCondition)));
  if (!conditionsAdded.length && !conditionsRemoved.length && layout(before) !== layout(after))
    changes.push('Regrouped the conditions.');

  const actionsBefore = before.actions.map(describeAction);
  const actionsAfter = after.actions.map(describeAction);
  const actionsAdded = missing(actionsAfter, actionsBefore);
  const actionsRemoved = missing(actionsBefore, actionsAfter);
  for (const text of actionsAdded) changes.push(`Added the action ${text}.`);
  for (const text of actionsRemoved) changes.push(`Removed the action ${text}.`);
  // Actions apply in order (a later one sees an earlier one's change), so a new order is a change.
  if (!actionsAdded.length && !actionsRemoved.length && actionsBefore.join('\n') !== actionsAfter.join('\n'))
    changes.push('Reordered the actions.');

  return changes;
}
