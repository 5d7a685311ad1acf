import {
  RULE_CONDITION_FIELDS,
  ruleInputSchema,
  type RuleActionName,
  type RuleConditionField,
  type RuleDto,
  type RuleInput,
  type RuleMatch,
  type RuleOperator,
  type RuleTriggerEvent,
  type RuleValueType,
} from '@syncdesk/contracts';

/**
 * The editor's form values and their translation to and from what the api saves. Inputs hold what
 * the seller typed (numbers from InputNumber, country codes as typed); `toRuleInput` turns them
 * into the saved strings, so the form never has to know the wire format.
 */
export interface ConditionValues {
  field?: RuleConditionField;
  operator?: RuleOperator | null;
  value?: string | number | null;
}

export interface ActionValues {
  action?: RuleActionName;
  value?: string | number | null;
}

export interface RuleFormValues {
  name?: string;
  store_id?: number;
  trigger_events?: RuleTriggerEvent[];
  groups_match?: RuleMatch;
  condition_groups?: { match?: RuleMatch; conditions?: ConditionValues[] }[];
  actions?: ActionValues[];
  is_active?: boolean;
}

export function conditionFieldType(field: RuleConditionField | undefined): RuleValueType | undefined {
  return RULE_CONDITION_FIELDS.find((entry) => entry.key === field)?.type;
}

/** Whether a condition needs a value: not for "No condition" nor for "is empty". */
export function conditionTakesValue(condition: ConditionValues | undefined): boolean {
  const type = conditionFieldType(condition?.field);
  return type !== undefined && type !== 'none' && condition?.operator !== 'is_empty';
}

function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

/** A new rule: runs on import, one group with one empty condition, one empty action. */
export function emptyRuleValues(storeId: number | undefined): RuleFormValues {
  return {
    name: '',
    store_id: storeId,
    trigger_events: ['order_imported'],
    groups_match: 'all',
    condition_groups: [{ match: 'all', conditions: [{}] }],
    actions: [{}],
    is_active: true,
  };
}

export function ruleToFormValues(rule: RuleDto): RuleFormValues {
  return {
    name: rule.name,
    store_id: rule.store_id,
    trigger_events: [...rule.trigger_events],
    groups_match: rule.groups_match,
    condition_groups: rule.condition_groups.map((group) => ({
      match: group.match,
      conditions: group.conditions.map((condition) => ({
        field: condition.field,
        operator: condition.operator,
        value:
          conditionFieldType(condition.field) === 'number' && condition.value !== null
            ? Number(condition.value)
            : condition.value,
      })),
    })),
    actions: rule.actions.map((action) => ({
      action: action.action,
      value: action.action === 'multiply_line_item_quantity' ? Number(action.value) : action.value,
    })),
    is_active: rule.is_active,
  };
}

/** What the form's values save as. Incomplete rows go as they are: the server names what is missing. */
export function toRuleInput(values: RuleFormValues, storeId: number): RuleInput {
  return {
    store_id: storeId,
    name: text(values.name),
    data_type: 'order',
    trigger_events: values.trigger_events ?? [],
    groups_match: values.groups_match ?? 'all',
    condition_groups: (values.condition_groups ?? []).map((group) => ({
      match: group.match ?? 'all',
      conditions: (group.conditions ?? []).map((condition) => {
        const field = condition.field as RuleConditionField;
        const type = conditionFieldType(field);
        if (type === 'none') return { field, operator: null, value: null };
        const operator = condition.operator ?? null;
        if (operator === 'is_empty') return { field, operator, value: null };
        const raw = text(condition.value);
        // Country codes are compared case-insensitively, but saved as the seller reads them: DE.
        const value = type === 'country' ? raw.toUpperCase() : raw;
        return { field, operator, value: value === '' ? null : value };
      }),
    })),
    actions: (values.actions ?? []).map((action) => ({
      action: action.action as RuleActionName,
      value: text(action.value),
    })),
    is_active: values.is_active ?? true,
  };
}

/** Where a problem sits in the editor, in the words of its cards: "Action 2", "Condition 1 of group 2". */
function placeOf(path: readonly PropertyKey[], input: RuleInput): string | null {
  const [section, first, , second] = path;
  if (section === 'actions' && typeof first === 'number') return `Action ${first + 1}`;
  if (section === 'condition_groups' && typeof first === 'number') {
    const condition = typeof second === 'number' ? `Condition ${second + 1}` : 'A condition group';
    return input.condition_groups.length > 1 ? `${condition} of group ${first + 1}` : condition;
  }
  if (section === 'trigger_events') return 'When';
  return null;
}

/**
 * The first thing that keeps the rule as typed from being previewed, pointing at its row
 * ("Action 1: Choose an action."), or null when the rule is whole. Uses the contracts' own check,
 * so the words are the ones saving would show beside the field.
 */
export function unfinishedRuleProblem(input: RuleInput): string | null {
  const parsed = ruleInputSchema.safeParse(input);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  if (!issue) return null;
  const place = placeOf(issue.path, input);
  return place ? `${place}: ${issue.message}` : issue.message;
}
