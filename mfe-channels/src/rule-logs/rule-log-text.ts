import { RULE_RUN_TRIGGER_LABELS, type RuleEngineLogDto, type RuleRunTrigger } from '@syncdesk/contracts';

/** What a rule did to an order, as the list's and the detail's Result tag shows it. */
export const RULE_LOG_RESULTS = {
  changed: { label: 'Changed', color: 'green' },
  unchanged: { label: 'Matched, nothing to change', color: 'blue' },
  not_matched: { label: 'Not matched', color: 'default' },
} as const;
export type RuleLogResult = keyof typeof RULE_LOG_RESULTS;

export function ruleLogResult(log: Pick<RuleEngineLogDto, 'matched' | 'changed'>): RuleLogResult {
  if (log.changed) return 'changed';
  return log.matched ? 'unchanged' : 'not_matched';
}

export function triggerLabel(trigger: RuleRunTrigger): string {
  return RULE_RUN_TRIGGER_LABELS[trigger] ?? trigger;
}

export const RULE_LOGS_EMPTY = 'No rule has run yet. Rules run when orders are imported or sent to a plugin.';
