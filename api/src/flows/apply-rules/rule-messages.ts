import { describeEvaluation, type RuleEvaluation } from '@syncdesk/contracts';

// `said`, when the caller has it: describeEvaluation's text for the evaluation, so a matched rule
// is described once for its log and its activity.

/** A rule-engine log's message: "Added the tag EU; set the shipping method to DHL." */
export function logMessageOf(evaluation: RuleEvaluation, said?: string): string {
  return (said ?? describeEvaluation(evaluation)).slice(0, 500);
}

/** The order activity's sentence: "Rule “EU orders” (version 2) added the tag EU." Null when it changed nothing. */
export function activitySentenceOf(
  evaluation: RuleEvaluation,
  ruleName: string,
  said?: string,
): string | null {
  if (!evaluation.matched || evaluation.skipped || !evaluation.actions.some((action) => action.changed))
    return null;
  const text = said ?? describeEvaluation(evaluation);
  return `Rule “${ruleName}” (version ${evaluation.rule_version}) ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}
