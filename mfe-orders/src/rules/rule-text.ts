import {
  ORDER_SYNC_STATUS,
  RULE_ACTIONS,
  describeCondition,
  type ActionTrace,
  type ConditionTrace,
  type RuleAction,
} from '@syncdesk/contracts';

/** Rule parts as sentences, for the trace and the dry run (conditions in contracts' own words). */
const actionLabel = (action: string) => RULE_ACTIONS.find((entry) => entry.key === action)?.label ?? action;

/** "Shipping country ISO code is DE — order has DE". */
export function conditionTraceText(condition: ConditionTrace): string {
  if (condition.field === 'no_condition') return 'No condition — every order';
  return `${describeCondition(condition)} — order has ${condition.actual}`;
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
