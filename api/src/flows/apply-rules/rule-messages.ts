import { describeEvaluation, type RuleEvaluation } from '@syncdesk/contracts';

/** A rule-engine log's message: "Added the tag EU; set the shipping method to DHL." */
export function logMessageOf(evaluation: RuleEvaluation): string {
  return describeEvaluation(evaluation).slice(0, 500);
}

/** The order activity's sentence: "Rule “EU orders” (version 2) added the tag EU." Null when it changed nothing. */
export function activitySentenceOf(evaluation: RuleEvaluation, ruleName: string): string | null {
  if (!evaluation.matched || evaluation.skipped || !evaluation.actions.some((action) => action.changed))
    return null;
  const said = describeEvaluation(evaluation);
  return `Rule “${ruleName}” (version ${evaluation.rule_version}) ${said.charAt(0).toLowerCase()}${said.slice(1)}`;
}
