import type {
  ActionTrace,
  ConditionTrace,
  RuleAction,
  RuleConditionGroup,
  RuleEvaluation,
  RuleMatch,
} from '@syncdesk/contracts';

/**
 * How an order's "why" trace is stored (order_rule_traces.evaluations). A trace holds every rule
 * evaluated on the order at one trigger — with 100 rules, 100 evaluations per order — so the text
 * the rule's saved version already holds (its name, each condition's field, operator and value,
 * each action and its value) is not written again for every order: a store rule's evaluation keeps
 * its rule id, version, what each condition saw and whether it held, and what each action did; the
 * rest is read back from `rule_engine_versions` when the trace is asked for. The rule runner makes
 * sure the version it evaluated is there (rule-runner.ts, `ensureRuleVersions`).
 *
 * Rows written before (a JSON list of full evaluations) read as they are.
 */

/** A compact trace: `t` the texts the entries point at, `e` the entries in evaluation order. */
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

/** What a trace row's `evaluations` holds: the compact shape, or (rows written before) a full list. */
export type StoredTrace = CompactTrace | RuleEvaluation[];

/** What a version keeps of a rule: enough to give its evaluations their texts back. */
export interface TraceRuleDefinition {
  name: string;
  groups_match: RuleMatch;
  condition_groups: RuleConditionGroup[];
  actions: RuleAction[];
}

export type TraceEvaluationKind = 'rule' | 'plugin_rule';

const STATE_NOT_MATCHED = 0;
const STATE_MATCHED = 1;
const STATE_SKIPPED = 2;

/**
 * Builds one compact trace, entry by entry (one per order and trigger), written straight as JSON
 * text: it runs for every rule on every imported order.
 */
export class CompactTraceWriter {
  private readonly texts: string[] = [];
  private readonly textIndex = new Map<string, number>();
  private entries = '';

  private text(value: string | null): number {
    if (value === null) return -1;
    let index = this.textIndex.get(value);
    if (index === undefined) {
      index = this.texts.length;
      this.texts.push(value);
      this.textIndex.set(value, index);
    }
    return index;
  }

  add(kind: TraceEvaluationKind, evaluation: RuleEvaluation): void {
    const separator = this.entries === '' ? '' : ',';
    if (kind === 'plugin_rule') {
      const entry: PluginEntry = { p: evaluation };
      this.entries += separator + JSON.stringify(entry);
      return;
    }
    const state = evaluation.skipped ? STATE_SKIPPED : evaluation.matched ? STATE_MATCHED : STATE_NOT_MATCHED;
    let conditions = '';
    for (const group of evaluation.groups)
      for (const condition of group.conditions)
        conditions += `${conditions === '' ? '' : ','}${condition.held ? 1 : 0},${this.text(condition.actual)}`;
    let actions = '';
    for (const action of evaluation.actions)
      actions +=
        `${actions === '' ? '' : ','}${action.changed ? 1 : 0},${this.text(action.before)},` +
        `${this.text(action.after)},${this.text(action.note)}`;
    // Numbers only: the entry is valid JSON as written (CompactEntry).
    this.entries += `${separator}[${Number(evaluation.rule_id)},${Number(evaluation.rule_version)},${state},[${conditions}],[${actions}]]`;
  }

  toJSON(): string {
    return `{"v":2,"t":${JSON.stringify(this.texts)},"e":[${this.entries}]}`;
  }
}

export const definitionKey = (ruleId: number, version: number) => `${ruleId}:${version}`;

/** The (rule id, version) pairs a stored trace needs the definitions of. */
export function tracedRuleVersions(stored: StoredTrace): { ruleId: number; version: number }[] {
  if (Array.isArray(stored)) return [];
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

/** A stored trace as the evaluations it was written from (the same objects, key for key). */
export function expandTrace(
  stored: StoredTrace,
  definitions: ReadonlyMap<string, TraceRuleDefinition>,
): { kind: TraceEvaluationKind; evaluation: RuleEvaluation }[] {
  if (Array.isArray(stored)) return stored.map((evaluation) => ({ kind: 'rule', evaluation }));
  return stored.e.map((entry) =>
    Array.isArray(entry)
      ? { kind: 'rule' as const, evaluation: expandEntry(entry, stored.t, definitions) }
      : { kind: 'plugin_rule' as const, evaluation: entry.p },
  );
}
