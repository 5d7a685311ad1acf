import {
  evaluateRules,
  type ActionTrace,
  type ConditionTrace,
  type RuleAction,
  type RuleConditionGroup,
  type RuleDefinition,
  type RuleEvaluation,
  type RuleMatch,
  type RuleOrderFacts,
} from '@syncdesk/contracts';

/**
 * How an order's "why" trace is stored (order_rule_traces.evaluations). A trace holds every rule
 * evaluated on the order at one trigger — with 100 rules, 100 evaluations per order — so it is not
 * written out: it keeps the facts the rules saw and which versions ran (v3, `FactsTrace`), and the
 * pure evaluator makes the evaluations again when the trace is asked for, with each version as
 * `rule_engine_versions` keeps it. The rule runner makes sure the versions it evaluated are there
 * (rule-runner.ts, `ensureRuleVersions`).
 *
 * Rows written before read as they are: v2 (per rule, what each condition saw and each action did,
 * the texts the version holds read back from it) and the first shape (a list of full evaluations).
 */

/** A v2 trace: `t` the texts the entries point at, `e` the entries in evaluation order. */
export interface CompactTrace {
  v: 2;
  t: string[];
  e: StoredEntry[];
}

/**
 * A store rule: `[rule id, version, state, conditions, actions]` — state 0 not matched, 1 matched,
 * 2 passed over (fired before); conditions `[held 0/1, actual text index, …]` in definition order
 * across groups; actions `[changed 0/1, before, after, note, …]` text indexes, -1 for null.
 */
export type CompactEntry = [number, number, 0 | 1 | 2, number[], number[]];

/** A plugin's rule (its id is a plugin rule's, its version not in rule_engine_versions): kept whole. */
export interface PluginEntry {
  p: RuleEvaluation;
}

export type StoredEntry = CompactEntry | PluginEntry;

/** What a trace row's `evaluations` holds: facts and rules (v3), or as rows written before held it. */
export type StoredTrace = FactsTrace | CompactTrace | RuleEvaluation[];

/** What a version keeps of a rule: enough to give its evaluations their texts back. */
export interface TraceRuleDefinition {
  name: string;
  groups_match: RuleMatch;
  condition_groups: RuleConditionGroup[];
  actions: RuleAction[];
}

export type TraceEvaluationKind = 'rule' | 'plugin_rule';

const STATE_MATCHED = 1;
const STATE_SKIPPED = 2;

/**
 * A trace as written now (v3): the order's facts before the rules, and the rules evaluated on it, in
 * order, by id and version. The evaluator is pure, so the evaluations are made again when the trace
 * is read, from the same facts and the same versions — exactly what the rules saw and did — and
 * writing a trace costs the facts and a few bytes per rule instead of one full entry per rule.
 * `e` lists `[rule id, version]` (`[rule id, version, 2]` when it had fired before and was passed
 * over); a plugin's rule (no versions) is kept whole, after the store's rules.
 */
export interface FactsTrace {
  v: 3;
  f: RuleOrderFacts;
  e: (RuleRef | PluginEntry)[];
}

export type RuleRef = [number, number] | [number, number, typeof STATE_SKIPPED];

/** A store rule's entry in a v3 trace (numbers only: valid JSON as written). */
const ruleRef = (ruleId: number, version: number, skipped: boolean) =>
  `[${Number(ruleId)},${Number(version)}${skipped ? `,${STATE_SKIPPED}` : ''}]`;

/** A v3 trace as JSON text: the order's facts before the rules, then what was evaluated on it. */
export function factsTraceOf(
  before: RuleOrderFacts,
  evaluations: readonly { kind: TraceEvaluationKind; evaluation: RuleEvaluation }[],
): string {
  const entries = evaluations.map(({ kind, evaluation }) =>
    kind === 'plugin_rule'
      ? JSON.stringify({ p: evaluation } satisfies PluginEntry)
      : ruleRef(evaluation.rule_id, evaluation.rule_version, evaluation.skipped !== null),
  );
  return factsTraceWith(before, entries.join(','));
}

/** The entries of store rules that were all evaluated (none passed over), for `factsTraceWith`. */
export function factsTraceEntriesOf(rules: readonly { id: number; version: number }[]): string {
  return rules.map((rule) => ruleRef(rule.id, rule.version, false)).join(',');
}

/** A v3 trace whose entries are known already (`factsTraceEntriesOf`): the same for every order of a run. */
export function factsTraceWith(before: RuleOrderFacts, entries: string): string {
  return `{"v":3,"f":${JSON.stringify(before)},"e":[${entries}]}`;
}

export const definitionKey = (ruleId: number, version: number) => `${ruleId}:${version}`;

/** The (rule id, version) pairs a stored trace needs the definitions of. */
export function tracedRuleVersions(stored: StoredTrace): { ruleId: number; version: number }[] {
  if (Array.isArray(stored)) return [];
  if (stored.v === 3)
    return stored.e.flatMap((entry) =>
      Array.isArray(entry) ? [{ ruleId: entry[0], version: entry[1] }] : [],
    );
  return stored.e.flatMap((entry) =>
    Array.isArray(entry) && entry[2] !== STATE_SKIPPED ? [{ ruleId: entry[0], version: entry[1] }] : [],
  );
}

const combine = (match: RuleMatch, held: readonly boolean[]): boolean =>
  match === 'all' ? held.every(Boolean) : held.some(Boolean);

/** Shown when the version a trace names is gone (a rule written outside the service, then changed). */
const UNKNOWN_RULE_NAME = (ruleId: number, version: number) => `Rule ${ruleId} (version ${version})`;

function expandEntry(
  entry: CompactEntry,
  texts: readonly string[],
  definitions: ReadonlyMap<string, TraceRuleDefinition>,
): RuleEvaluation {
  const [ruleId, version, state, heldAndActual, applied] = entry;
  const definition = definitions.get(definitionKey(ruleId, version));
  const textOf = (index: number | undefined): string | null =>
    index === undefined || index < 0 ? null : (texts[index] ?? null);
  if (state === STATE_SKIPPED || !definition) {
    return {
      rule_id: ruleId,
      rule_version: version,
      rule_name: definition?.name ?? UNKNOWN_RULE_NAME(ruleId, version),
      matched: state === STATE_MATCHED,
      skipped: state === STATE_SKIPPED ? 'fired_before' : null,
      groups: [],
      actions: [],
    };
  }
  let position = 0;
  const groups = definition.condition_groups.map((group) => {
    const conditions = group.conditions.map((condition): ConditionTrace => {
      const held = heldAndActual[position] === 1;
      const actual = textOf(heldAndActual[position + 1]) ?? '';
      position += 2;
      return { field: condition.field, operator: condition.operator, value: condition.value, actual, held };
    });
    return {
      match: group.match,
      held: combine(
        group.match,
        conditions.map((condition) => condition.held),
      ),
      conditions,
    };
  });
  const actions: ActionTrace[] = [];
  for (let index = 0; index * 4 < applied.length; index += 1) {
    const action = definition.actions[index];
    if (!action) break;
    actions.push({
      action: action.action,
      value: action.value,
      changed: applied[index * 4] === 1,
      before: textOf(applied[index * 4 + 1]),
      after: textOf(applied[index * 4 + 2]),
      note: textOf(applied[index * 4 + 3]),
    });
  }
  return {
    rule_id: ruleId,
    rule_version: version,
    rule_name: definition.name,
    matched: state === STATE_MATCHED,
    skipped: null,
    groups,
    actions,
  };
}

/**
 * A v3 trace's evaluations, made again: the store's rules (each version as saved) run on the facts
 * the order had, each seeing what the ones before it changed; the plugin's rules as kept.
 */
function evaluateAgain(
  stored: FactsTrace,
  definitions: ReadonlyMap<string, TraceRuleDefinition>,
): { kind: TraceEvaluationKind; evaluation: RuleEvaluation }[] {
  const out: { kind: TraceEvaluationKind; evaluation: RuleEvaluation }[] = [];
  let facts = stored.f;
  let pending: RuleDefinition[] = [];
  const passedOver = new Set<number>();
  const evaluatePending = () => {
    if (pending.length === 0) return;
    // 'manual' runs exactly the rules given, whatever their triggers: the ones the run evaluated.
    const result = evaluateRules(facts, pending, { trigger: 'manual', firedBefore: passedOver });
    facts = result.after;
    for (const evaluation of result.evaluations) out.push({ kind: 'rule', evaluation });
    pending = [];
  };
  for (const entry of stored.e) {
    if (!Array.isArray(entry)) {
      evaluatePending();
      out.push({ kind: 'plugin_rule', evaluation: entry.p });
      continue;
    }
    const [ruleId, version, state] = entry;
    const definition = definitions.get(definitionKey(ruleId, version));
    if (!definition) {
      evaluatePending();
      out.push({
        kind: 'rule',
        evaluation: {
          rule_id: ruleId,
          rule_version: version,
          rule_name: UNKNOWN_RULE_NAME(ruleId, version),
          matched: false,
          skipped: state === STATE_SKIPPED ? 'fired_before' : null,
          groups: [],
          actions: [],
        },
      });
      continue;
    }
    if (state === STATE_SKIPPED) passedOver.add(ruleId);
    pending.push({
      id: ruleId,
      version,
      name: definition.name,
      trigger_events: [],
      groups_match: definition.groups_match,
      condition_groups: definition.condition_groups,
      actions: definition.actions,
    });
  }
  evaluatePending();
  return out;
}

/** A stored trace as the evaluations it was written from (the same objects, key for key). */
export function expandTrace(
  stored: StoredTrace,
  definitions: ReadonlyMap<string, TraceRuleDefinition>,
): { kind: TraceEvaluationKind; evaluation: RuleEvaluation }[] {
  if (Array.isArray(stored)) return stored.map((evaluation) => ({ kind: 'rule', evaluation }));
  if (stored.v === 3) return evaluateAgain(stored, definitions);
  return stored.e.map((entry) =>
    Array.isArray(entry)
      ? { kind: 'rule' as const, evaluation: expandEntry(entry, stored.t, definitions) }
      : { kind: 'plugin_rule' as const, evaluation: entry.p },
  );
}
