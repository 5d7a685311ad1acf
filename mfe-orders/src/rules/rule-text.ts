import {
  ORDER_SYNC_STATUS,
  RULE_ACTIONS,
  RULE_CONDITION_FIELDS,
  RULE_OPERATORS,
  type ActionTrace,
  type ConditionTrace,
  type RuleAction,
  type RuleCondition,
} from '@syncdesk/contracts';

/** Rule parts as sentences, for the trace, the dry run and the history. */
export function conditionFieldLabel(field: string): string {
  return RULE_CONDITION_FIELDS.find((entry) => entry.key === field)?.label ?? field;
}

export function operatorLabel(operator: string | null): string {
  return RULE_OPERATORS.find((entry) => entry.key === operator)?.label ?? operator ?? '';
}

export function actionLabel(action: string): string {
  return RULE_ACTIONS.find((entry) => entry.key === action)?.label ?? action;
}

function shownValue(field: string, value: string | null): string {
  if (value === null) return '';
  const type = RULE_CONDITION_FIELDS.find((entry) => entry.key === field)?.type;
  if (type === 'boolean') return value === 'true' ? 'yes' : 'no';
  return value;
}

/** "Shipping country ISO code is DE", "No condition". */
export function conditionText(condition: Pick<RuleCondition, 'field' | 'operator' | 'value'>): string {
  if (condition.field === 'no_condition') return conditionFieldLabel(condition.field);
  return [
    conditionFieldLabel(condition.field),
    operatorLabel(condition.operator),
    shownValue(condition.field, condition.value),
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Shipping country ISO code is DE — order has DE". */
export function conditionTraceText(condition: ConditionTrace): string {
  if (condition.field === 'no_condition') return 'No condition — every order';
  return `${conditionText(condition)} — order has ${condition.actual}`;
}

/** An action's value as the seller chose it: the status's label rather than its key. */
export function actionValueText(action: Pick<RuleAction, 'action' | 'value'>): string {
  if (action.action === 'update_order_sync_status') {
    const entry = ORDER_SYNC_STATUS.entries.find((candidate) => candidate.key === action.value);
    return entry?.label ?? action.value;
  }
  if (action.action === 'multiply_line_item_quantity') return `× ${action.value}`;
  return action.value;
}

/** "Add tag EU". */
export function actionText(action: Pick<RuleAction, 'action' | 'value'>): string {
  return `${actionLabel(action.action)} ${actionValueText(action)}`;
}

/** "Add tag EU: (none) → EU", or the note when it changed nothing. */
export function actionTraceText(action: ActionTrace): string {
  if (!action.changed) return `${actionText(action)}: ${action.note ?? 'no change'}`;
  return `${actionText(action)}: ${action.before ?? '(none)'} → ${action.after ?? '(none)'}`;
}
