import { ORDER_SYNC_STATUS } from '../orders/order.status';
import { ORDER_SYNC_TRANSITIONS } from '../orders/order.transitions';
import type { OrderSyncStatus, OrderSyncStatusKey } from '../orders/order.transitions';
import type {
  ActionTrace,
  ConditionTrace,
  PluginRuleDto,
  RuleAction,
  RuleCondition,
  RuleDefinition,
  RuleEvaluation,
  RuleOrderFacts,
  RuleOrderLineFacts,
  RuleRunResult,
} from './rule.dto';
import {
  RULE_CONDITION_FIELDS,
  RULE_OPERATORS_BY_TYPE,
  type RuleConditionField,
  type RuleMatch,
  type RuleOperator,
  type RuleRunTrigger,
  type RuleValueType,
} from './rule.vocabulary';

/**
 * THE rule evaluator: pure (no I/O, no clock), used by the import, the plugin send, the dry run
 * and the backfill alike. Exhaustive switches over fields, operators and actions: a new entry in
 * rule.vocabulary.ts fails the build here until it is handled.
 */

export interface EvaluateOptions {
  trigger: RuleRunTrigger;
  /** Ids of the rules that fired on this order for this trigger before: passed over, noted as skipped. */
  firedBefore?: ReadonlySet<number>;
  /**
   * 'matched': `evaluations` holds only the rules that matched (skipped and unmatched ones left
   * out), and a rule that does not match is decided without writing its trace. For a writer that
   * keeps the facts and the rule versions and makes the full evaluations again when they are read
   * (the import: 100 rules on every order). `after`, `fired` and `changed` are the same either way.
   */
  detail?: 'all' | 'matched';
}

/** Makes a missing `case` a compile error; reaching it at run time means a value the types ruled out. */
function assertUnreachable(value: never): never {
  throw new Error(`Unhandled rule vocabulary entry: ${String(value)}`);
}

/** What the trace shows for nothing (null, blank, an empty list). */
export const RULE_EMPTY_TEXT = '(empty)';
const EVERY_ORDER_TEXT = '(every order)';
const NO_SKU_TEXT = '(no SKU)';

/** Units a line asks for once the rules ran: the channel's quantity times the multiplier in force. */
export function effectiveQuantity(line: RuleOrderLineFacts): number {
  return line.channel_quantity * line.multiplier;
}

// Built once at load: the evaluator runs for every rule on every imported order.
const FIELD_TYPES = new Map<RuleConditionField, RuleValueType>(
  RULE_CONDITION_FIELDS.map((entry) => [entry.key, entry.type]),
);
const OFFERED_OPERATORS = new Map<RuleValueType, ReadonlySet<RuleOperator>>(
  (Object.keys(RULE_OPERATORS_BY_TYPE) as RuleValueType[]).map((type) => [
    type,
    new Set(RULE_OPERATORS_BY_TYPE[type]),
  ]),
);
/** The SKU operators that name lines (a multiply action targets the lines they name). */
const POSITIVE_SKU_OPERATORS: ReadonlySet<RuleOperator> = new Set(['is', 'equals', 'contains']);

const isBlank = (text: string | null | undefined): boolean =>
  text === null || text === undefined || !text.trim();
const fold = (text: string): string => text.trim().toLowerCase();
const orEmpty = (text: string | null | undefined): string => (isBlank(text) ? RULE_EMPTY_TEXT : text!);

/**
 * What a condition looks at, normalised so one operator switch serves every type: a number, or a
 * list of texts (one entry for single-valued fields) compared exactly or case-insensitively.
 */
type Subject =
  | { kind: 'always' }
  | { kind: 'number'; value: number }
  | {
      kind: 'texts';
      values: readonly (string | null)[];
      /** SKUs compare exactly; every other text field trimmed and case-insensitively. */
      exact: boolean;
      /** `is empty` for SKUs: some line has no SKU (or there are no lines); otherwise: nothing non-blank. */
      emptyWhen: 'some_blank' | 'none_filled';
      actual: string;
      /** `values` folded, filled the first time a case-insensitive condition looks (foldedValues). */
      folded?: readonly (string | null)[];
    };

function subjectOf(facts: RuleOrderFacts, field: RuleConditionField): Subject {
  switch (field) {
    case 'order_items_quantity_greater_than_1': {
      const text = String(facts.lines.some((line) => effectiveQuantity(line) > 1));
      return { kind: 'texts', values: [text], exact: false, emptyWhen: 'none_filled', actual: text };
    }
    case 'line_item_sku': {
      const values = facts.lines.map((line) => line.sku);
      const actual = values.length
        ? values.map((sku) => (isBlank(sku) ? RULE_EMPTY_TEXT : sku)).join(', ')
        : RULE_EMPTY_TEXT;
      return { kind: 'texts', values, exact: true, emptyWhen: 'some_blank', actual };
    }
    case 'total_quantity': {
      let total = 0;
      for (const line of facts.lines) total += effectiveQuantity(line);
      return { kind: 'number', value: total };
    }
    case 'line_count':
      return { kind: 'number', value: facts.lines.length };
    case 'channel_name':
      return single(facts.channel_name);
    case 'shipping_method':
      return single(facts.shipping_method);
    case 'shipping_country':
      return single(facts.shipping_country);
    case 'invoice_country':
      return single(facts.invoice_country);
    case 'order_tag': {
      const filled = facts.tags.filter((tag) => !isBlank(tag));
      return {
        kind: 'texts',
        values: facts.tags,
        exact: false,
        emptyWhen: 'none_filled',
        actual: filled.length ? filled.join(', ') : RULE_EMPTY_TEXT,
      };
    }
    case 'no_condition':
      return { kind: 'always' };
    default:
      return assertUnreachable(field);
  }
}

function single(value: string | null): Subject {
  return { kind: 'texts', values: [value], exact: false, emptyWhen: 'none_filled', actual: orEmpty(value) };
}

function numberHolds(actual: number, operator: RuleOperator, value: string | null): boolean {
  // Saved values are whole numbers (checked at save); anything else never holds rather than throwing.
  const expected = Number((value ?? '').trim());
  if (isBlank(value) || !Number.isFinite(expected)) return false;
  switch (operator) {
    case 'equals':
      return actual === expected;
    case 'not_equals':
      return actual !== expected;
    case 'less_than':
      return actual < expected;
    case 'less_than_or_equal':
      return actual <= expected;
    case 'greater_than':
      return actual > expected;
    case 'greater_than_or_equal':
      return actual >= expected;
    case 'is':
    case 'contains':
    case 'not_contains':
    case 'is_empty':
      return false;
    default:
      return assertUnreachable(operator);
  }
}

// Module-level, not closures made per call: this runs for every condition of every rule on every
// imported order, and a closure per call (named, under tsx/esbuild's keepNames) was most of its time.
function someEqual(subject: Extract<Subject, { kind: 'texts' }>, needle: string): boolean {
  const values = subject.exact ? subject.values : foldedValues(subject);
  // Compared first: blank values are rare, the check allocates.
  for (const text of values) if (text === needle && !isBlank(text)) return true;
  return false;
}

function someContain(subject: Extract<Subject, { kind: 'texts' }>, needle: string): boolean {
  if (needle === '') return false;
  const values = subject.exact ? subject.values : foldedValues(subject);
  for (const text of values) if (!isBlank(text) && text!.includes(needle)) return true;
  return false;
}

/** The subject's texts folded (trimmed, lower case), once per subject rather than once per rule. */
function foldedValues(subject: Extract<Subject, { kind: 'texts' }>): readonly (string | null)[] {
  if (!subject.folded) subject.folded = subject.values.map((text) => (isBlank(text) ? text : fold(text!)));
  return subject.folded;
}

function textsHold(
  subject: Extract<Subject, { kind: 'texts' }>,
  operator: RuleOperator,
  value: string | null,
) {
  const { values, exact } = subject;
  const needle = exact ? (value ?? '') : fold(value ?? '');
  switch (operator) {
    case 'is':
    case 'equals':
      return someEqual(subject, needle);
    case 'not_equals':
      return !someEqual(subject, needle);
    case 'contains':
      return someContain(subject, needle);
    case 'not_contains':
      return !someContain(subject, needle);
    case 'is_empty':
      return subject.emptyWhen === 'some_blank'
        ? values.length === 0 || values.some(isBlank)
        : values.every(isBlank);
    case 'less_than':
    case 'less_than_or_equal':
    case 'greater_than':
    case 'greater_than_or_equal':
      return false;
    default:
      return assertUnreachable(operator);
  }
}

/**
 * The working facts and what the conditions saw of them. Rules after the first mostly look at the
 * same fields again, so each field's subject is kept until an action changes the facts.
 */
interface WorkingOrder {
  facts: RuleOrderFacts;
  subjects: Map<RuleConditionField, Subject>;
}

function subjectFor(order: WorkingOrder, field: RuleConditionField): Subject {
  let subject = order.subjects.get(field);
  if (!subject) {
    subject = subjectOf(order.facts, field);
    order.subjects.set(field, subject);
  }
  return subject;
}

/** Whether a condition holds on the working facts: `checkCondition` without its trace. */
function conditionHolds(order: WorkingOrder, condition: RuleCondition): boolean {
  const { field, operator, value } = condition;
  const subject = subjectFor(order, field);
  if (subject.kind === 'always') return true;
  // An operator the field's type does not offer is refused at save; should one reach us, it never holds.
  const offered = operator !== null && OFFERED_OPERATORS.get(FIELD_TYPES.get(field) ?? 'none')?.has(operator);
  if (!offered || operator === null) return false;
  return subject.kind === 'number'
    ? numberHolds(subject.value, operator, value)
    : textsHold(subject, operator, value);
}

function checkCondition(order: WorkingOrder, condition: RuleCondition): ConditionTrace {
  const { field, operator, value } = condition;
  const subject = subjectFor(order, field);
  if (subject.kind === 'always') return { field, operator, value, actual: EVERY_ORDER_TEXT, held: true };
  const actual = subject.kind === 'number' ? String(subject.value) : subject.actual;
  return { field, operator, value, actual, held: conditionHolds(order, condition) };
}

/** Whether a rule matches, decided as soon as it is known (no trace): the groups as `runRule` combines them. */
function ruleMatches(order: WorkingOrder, rule: RuleDefinition): boolean {
  const allGroups = rule.groups_match === 'all';
  for (const group of rule.condition_groups) {
    const allConditions = group.match === 'all';
    let held = allConditions;
    for (const condition of group.conditions) {
      if (conditionHolds(order, condition) !== allConditions) {
        held = !allConditions;
        break;
      }
    }
    if (held !== allGroups) return !allGroups;
  }
  return allGroups;
}

/** Whether all (or some) of the items held: a loop, as it runs for every rule on every order. */
function allOrSomeHeld(match: RuleMatch, items: readonly { held: boolean }[]): boolean {
  const all = match === 'all';
  for (const item of items) if (item.held !== all) return !all;
  return all;
}

/** Whether a line's SKU is one a positive SKU condition names (the lines a multiply action targets). */
function lineNamed(line: RuleOrderLineFacts, condition: RuleCondition): boolean {
  if (line.sku === null || isBlank(line.sku) || isBlank(condition.value)) return false;
  return condition.operator === 'contains'
    ? line.sku.includes(condition.value!)
    : line.sku === condition.value;
}

const lineText = (line: RuleOrderLineFacts): string =>
  `${effectiveQuantity(line)} × ${isBlank(line.sku) ? NO_SKU_TEXT : line.sku}`;

const statusLabel = (key: OrderSyncStatusKey): string => ORDER_SYNC_STATUS.byKey(key).label;
const STATUS_KEYS: ReadonlySet<string> = new Set(ORDER_SYNC_STATUS.entries.map((entry) => entry.key));

function trace(
  action: RuleAction,
  changed: boolean,
  before: string | null,
  after: string | null,
  note: string | null,
) {
  return { action: action.action, value: action.value, changed, before, after, note } satisfies ActionTrace;
}

/** Applies one action to the working facts (mutating them) and says what it did. */
function applyAction(facts: RuleOrderFacts, action: RuleAction, rule: RuleDefinition): ActionTrace {
  const value = action.value.trim();
  switch (action.action) {
    case 'add_tag': {
      const before = facts.tags.length ? facts.tags.join(', ') : RULE_EMPTY_TEXT;
      const folded = fold(value);
      if (facts.tags.some((tag) => fold(tag) === folded))
        return trace(action, false, before, before, 'The order has the tag already.');
      facts.tags.push(value);
      return trace(action, true, before, facts.tags.join(', '), null);
    }
    case 'update_order_sync_status': {
      const current = ORDER_SYNC_STATUS.byValue(facts.sync_status as OrderSyncStatus);
      const currentLabel = current?.label ?? String(facts.sync_status);
      if (!STATUS_KEYS.has(value))
        return trace(action, false, currentLabel, currentLabel, `“${value}” is not a sync status.`);
      const target = value as OrderSyncStatusKey;
      // 15 is the import's holding state: the order waits there only while its rules run, and
      // leaves it as pending, so the rules decide as if it were pending.
      const from: OrderSyncStatusKey | undefined =
        current?.key === 'rule_engine_in_progress' ? 'pending' : current?.key;
      const fromLabel = from ? statusLabel(from) : currentLabel;
      if (from === target)
        return trace(action, false, fromLabel, fromLabel, `The order is ${statusLabel(target)} already.`);
      if (!from || !ORDER_SYNC_TRANSITIONS[from].includes(target))
        return trace(
          action,
          false,
          fromLabel,
          fromLabel,
          `${fromLabel} orders cannot be moved to ${statusLabel(target)}.`,
        );
      facts.sync_status = ORDER_SYNC_STATUS.byKey(target).value;
      return trace(action, true, fromLabel, statusLabel(target), null);
    }
    case 'set_shipping_method': {
      const before = orEmpty(facts.shipping_method);
      if ((facts.shipping_method ?? '').trim() === value)
        return trace(action, false, before, before, 'The order has this shipping method already.');
      facts.shipping_method = value;
      return trace(action, true, before, value, null);
    }
    case 'set_order_type': {
      const before = orEmpty(facts.order_type);
      if ((facts.order_type ?? '').trim() === value)
        return trace(action, false, before, before, 'The order is of this type already.');
      facts.order_type = value;
      return trace(action, true, before, value, null);
    }
    case 'multiply_line_item_quantity': {
      const multiplier = Number(value);
      if (!Number.isInteger(multiplier) || multiplier < 1)
        return trace(action, false, null, null, `“${value}” is not a whole number.`);
      const skuConditions = rule.condition_groups.flatMap((group) =>
        group.conditions.filter(
          (condition) =>
            condition.field === 'line_item_sku' &&
            condition.operator !== null &&
            POSITIVE_SKU_OPERATORS.has(condition.operator),
        ),
      );
      const targeted = skuConditions.length
        ? facts.lines.filter((line) => skuConditions.some((condition) => lineNamed(line, condition)))
        : facts.lines;
      if (!targeted.length)
        return trace(
          action,
          false,
          null,
          null,
          skuConditions.length ? 'No line has a SKU the rule names.' : 'The order has no lines.',
        );
      // Absolute, not cumulative: running the rule again never multiplies twice.
      const changing = targeted.filter((line) => line.multiplier !== multiplier);
      if (!changing.length) {
        const text = targeted.map(lineText).join(', ');
        return trace(action, false, text, text, `The lines ask for ${multiplier} times already.`);
      }
      const before = changing.map(lineText).join(', ');
      for (const line of changing) line.multiplier = multiplier;
      return trace(action, true, before, changing.map(lineText).join(', '), null);
    }
    default:
      return assertUnreachable(action.action);
  }
}

function skippedEvaluation(rule: RuleDefinition): RuleEvaluation {
  return {
    rule_id: rule.id,
    rule_version: rule.version,
    rule_name: rule.name,
    matched: false,
    skipped: 'fired_before',
    groups: [],
    actions: [],
  };
}

/**
 * An action changed the facts: the subjects it may have changed are worked out again when next
 * asked for (the others stay: with 100 rules an order sees many changes, each rule after it many
 * conditions).
 */
function forgetSubjectsOf(order: WorkingOrder, action: RuleAction['action']): void {
  switch (action) {
    case 'add_tag':
      order.subjects.delete('order_tag');
      return;
    case 'set_shipping_method':
      order.subjects.delete('shipping_method');
      return;
    case 'multiply_line_item_quantity':
      order.subjects.delete('order_items_quantity_greater_than_1');
      order.subjects.delete('total_quantity');
      return;
    case 'update_order_sync_status':
    case 'set_order_type':
      // No condition looks at the sync status or the order type.
      return;
    default:
      return assertUnreachable(action);
  }
}

/** Evaluates one rule on the working facts; when it matches, its actions change them in place. */
function runRule(order: WorkingOrder, rule: RuleDefinition): RuleEvaluation {
  // Every condition is checked, even after the answer is known: the trace shows them all.
  const groups = rule.condition_groups.map((group) => {
    const conditions = group.conditions.map((condition) => checkCondition(order, condition));
    return { match: group.match, held: allOrSomeHeld(group.match, conditions), conditions };
  });
  const matched = allOrSomeHeld(rule.groups_match, groups);
  const actions: ActionTrace[] = [];
  if (matched)
    for (const action of rule.actions) {
      const applied = applyAction(order.facts, action, rule);
      if (applied.changed) forgetSubjectsOf(order, action.action);
      actions.push(applied);
    }
  return {
    rule_id: rule.id,
    rule_version: rule.version,
    rule_name: rule.name,
    matched,
    skipped: null,
    groups,
    actions,
  };
}

/** A person's run (chosen orders, a backfill) runs exactly the rules they chose, whatever their triggers. */
const RUNS_EVERY_GIVEN_RULE: ReadonlySet<RuleRunTrigger> = new Set<RuleRunTrigger>(['manual', 'backfill']);

/**
 * Runs `rules` (in priority order, first = priority 1) on `order`: each matching rule's actions
 * change the order, and the rules after it see the change. A rule listed twice is evaluated once.
 */
export function evaluateRules(
  order: RuleOrderFacts,
  rules: readonly RuleDefinition[],
  options: EvaluateOptions,
): RuleRunResult {
  const { trigger, firedBefore } = options;
  const matchedOnly = options.detail === 'matched';
  const before = cloneFacts(order);
  const after = cloneFacts(order);
  const working: WorkingOrder = { facts: after, subjects: new Map() };
  const everyRule = RUNS_EVERY_GIVEN_RULE.has(trigger);
  const seen = new Set<number>();
  const evaluations: RuleEvaluation[] = [];
  const fired: number[] = [];
  let changed = false;
  for (const rule of rules) {
    if (!everyRule && !(rule.trigger_events as readonly string[]).includes(trigger)) continue;
    if (seen.has(rule.id)) continue;
    seen.add(rule.id);
    if (firedBefore?.has(rule.id)) {
      if (!matchedOnly) evaluations.push(skippedEvaluation(rule));
      continue;
    }
    if (matchedOnly && !ruleMatches(working, rule)) continue;
    const evaluation = runRule(working, rule);
    evaluations.push(evaluation);
    if (!evaluation.matched) continue;
    fired.push(rule.id);
    if (evaluation.actions.some((action) => action.changed)) changed = true;
  }
  return { trigger, before, after, evaluations, fired, changed };
}

/**
 * A copy the actions can change without touching the caller's facts: the lists and the lines are
 * the only parts that are not plain values. (structuredClone, twice per order, was a visible share
 * of the evaluator's time with 100 rules on an import.)
 */
function cloneFacts(order: RuleOrderFacts): RuleOrderFacts {
  return { ...order, tags: [...order.tags], lines: order.lines.map((line) => ({ ...line })) };
}

/** One rule on one order, for the dry run: what it would check and change. */
export function evaluateRule(
  order: RuleOrderFacts,
  rule: RuleDefinition,
): { evaluation: RuleEvaluation; after: RuleOrderFacts } {
  const after = structuredClone(order);
  return { evaluation: runRule({ facts: after, subjects: new Map() }, rule), after };
}

/** The SKUs a multiply trace names ("2 × SKU-1, 6 × SKU-2" → "SKU-1, SKU-2"). */
const LINE_TEXT_QUANTITY = /^\d+ × /;

function actionSentence(action: ActionTrace): string {
  switch (action.action) {
    case 'add_tag':
      return `Added the tag ${action.value}`;
    case 'update_order_sync_status':
      return `Moved the order from ${action.before ?? RULE_EMPTY_TEXT} to ${action.after ?? RULE_EMPTY_TEXT}`;
    case 'set_shipping_method':
      return `Set the shipping method to ${action.value}`;
    case 'set_order_type':
      return `Set the order type to ${action.value}`;
    case 'multiply_line_item_quantity': {
      const skus = (action.after ?? '')
        .split(', ')
        .map((text) => text.replace(LINE_TEXT_QUANTITY, ''))
        .join(', ');
      return `Multiplied ${skus || 'the lines'} by ${action.value}`;
    }
    default:
      return assertUnreachable(action.action);
  }
}

/** The rule-engine log's message for one evaluation ("Added the tag EU; set the shipping method to DHL."). */
export function describeEvaluation(evaluation: RuleEvaluation): string {
  if (evaluation.skipped === 'fired_before') return 'Already ran on this order for this trigger.';
  if (!evaluation.matched) return 'Conditions not met.';
  const sentences = evaluation.actions.filter((action) => action.changed).map(actionSentence);
  if (!sentences.length) return 'Conditions met; nothing to change.';
  return (
    sentences
      .map((sentence, index) =>
        index === 0 ? sentence : sentence.charAt(0).toLowerCase() + sentence.slice(1),
      )
      .join('; ') + '.'
  );
}

/** A plugin rule as a one-condition, one-action rule definition (its id stays the plugin rule's). */
export function pluginRuleDefinition(rule: PluginRuleDto): RuleDefinition {
  return {
    id: rule.id,
    version: rule.version,
    name: rule.name,
    trigger_events: ['order_sending_to_plugin'],
    groups_match: 'all',
    condition_groups: [
      {
        match: 'all',
        conditions: [
          { field: rule.condition_field, operator: rule.condition_operator, value: rule.condition_value },
        ],
      },
    ],
    actions: [{ action: rule.action_name, value: rule.action_value }],
  };
}
