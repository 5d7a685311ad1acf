import { z } from 'zod';

import { ORDER_SYNC_TRANSITIONS } from '../orders/order.transitions';
import type { OrderSyncStatusKey } from '../orders/order.transitions';
import {
  RULE_ACTIONS,
  RULE_CONDITION_FIELDS,
  RULE_DATA_TYPES,
  RULE_LIMITS,
  RULE_OPERATORS,
  RULE_OPERATORS_BY_TYPE,
  RULE_TRIGGER_EVENT_KEYS,
  type RuleActionName,
  type RuleConditionField,
  type RuleOperator,
  type RuleValueType,
} from './rule.vocabulary';

/**
 * What a saved rule must be. Every value is checked against its field's type here, when the rule
 * is saved (422 naming the field in the seller's words), never at run time.
 */

/** The sync statuses an action may ask for: every target of the orders' transition table. */
export const RULE_SYNC_STATUS_TARGETS: readonly OrderSyncStatusKey[] = [
  ...new Set(Object.values(ORDER_SYNC_TRANSITIONS).flat()),
];

export const RULE_MESSAGES = {
  operatorRequired: (field: string) => `Choose how to compare ${field}.`,
  operatorNotOffered: (field: string, operator: string) => `${field} cannot be compared with “${operator}”.`,
  valueRequired: (field: string) => `Enter a value for ${field}.`,
  notANumber: (field: string) => `${field} must be a whole number of 0 or more.`,
  notACountry: (field: string) => `${field} must be a two-letter country code, such as DE.`,
  notABoolean: (field: string) => `${field} must be yes or no.`,
  tooLong: (what: string, max: number) => `${what} must be at most ${max} characters.`,
  noConditionAlone: 'No condition stands alone: remove the other conditions of its group.',
  statusNotAllowed: (value: string) =>
    `A rule cannot move orders to “${value}”. Choose one of: ${RULE_SYNC_STATUS_TARGETS.join(', ')}.`,
  multiplier: `The multiplier must be a whole number from ${RULE_LIMITS.multiplierMin} to ${RULE_LIMITS.multiplierMax}.`,
  oneMultiplier: 'A rule multiplies line quantities once: keep one multiply action.',
  oneStatus: 'A rule sets the sync status once: keep one update order sync status action.',
  triggersRequired: 'Choose at least one trigger event.',
  conditionsRequired: 'Add at least one condition (or “No condition”).',
  actionsRequired: 'Add at least one action.',
  // The editor's own placeholders: an empty row is told what its control asks for, never zod's list of keys.
  actionChoice: 'Choose an action.',
  fieldChoice: 'Choose a field.',
  ruleNotFound: 'The rule was not found.',
  sortMismatch: 'Send every rule of the store once, in the new order.',
} as const;

const fieldLabel = (field: RuleConditionField) =>
  RULE_CONDITION_FIELDS.find((entry) => entry.key === field)?.label ?? field;
const fieldType = (field: RuleConditionField): RuleValueType =>
  RULE_CONDITION_FIELDS.find((entry) => entry.key === field)?.type ?? 'none';
const operatorLabel = (operator: RuleOperator) =>
  RULE_OPERATORS.find((entry) => entry.key === operator)?.label ?? operator;
const actionLabel = (action: RuleActionName) =>
  RULE_ACTIONS.find((entry) => entry.key === action)?.label ?? action;

const conditionFieldKeys = RULE_CONDITION_FIELDS.map((entry) => entry.key) as [
  RuleConditionField,
  ...RuleConditionField[],
];
const operatorKeys = RULE_OPERATORS.map((entry) => entry.key) as [RuleOperator, ...RuleOperator[]];
const actionKeys = RULE_ACTIONS.map((entry) => entry.key) as [RuleActionName, ...RuleActionName[]];
const dataTypeKeys = RULE_DATA_TYPES.map((entry) => entry.key) as ['order'];
const match = z.enum(['all', 'any']);

/** Null when the value suits the field and operator, else what is wrong in the seller's words. */
export function conditionProblem(
  field: RuleConditionField,
  operator: RuleOperator | null,
  value: string | null,
): string | null {
  const type = fieldType(field);
  const label = fieldLabel(field);
  if (type === 'none') return null;
  if (!operator) return RULE_MESSAGES.operatorRequired(label);
  if (!RULE_OPERATORS_BY_TYPE[type].includes(operator))
    return RULE_MESSAGES.operatorNotOffered(label, operatorLabel(operator));
  if (operator === 'is_empty') return null;
  const text = (value ?? '').trim();
  if (!text) return RULE_MESSAGES.valueRequired(label);
  if (text.length > RULE_LIMITS.textValueMax) return RULE_MESSAGES.tooLong(label, RULE_LIMITS.textValueMax);
  switch (type) {
    case 'number':
      return /^\d{1,9}$/.test(text) ? null : RULE_MESSAGES.notANumber(label);
    case 'country':
      return /^[A-Za-z]{2}$/.test(text) ? null : RULE_MESSAGES.notACountry(label);
    case 'boolean':
      return text === 'true' || text === 'false' ? null : RULE_MESSAGES.notABoolean(label);
    case 'text':
    case 'sku':
    case 'tag':
      return null;
  }
}

/** Null when the action's value is one it can take, else what is wrong. */
export function actionProblem(action: RuleActionName, value: string): string | null {
  const text = value.trim();
  const label = actionLabel(action);
  switch (action) {
    case 'add_tag':
      if (!text) return RULE_MESSAGES.valueRequired(label);
      return text.length > RULE_LIMITS.tagMax ? RULE_MESSAGES.tooLong('A tag', RULE_LIMITS.tagMax) : null;
    case 'set_shipping_method':
      if (!text) return RULE_MESSAGES.valueRequired(label);
      return text.length > RULE_LIMITS.textValueMax
        ? RULE_MESSAGES.tooLong('A shipping method', RULE_LIMITS.textValueMax)
        : null;
    case 'set_order_type':
      if (!text) return RULE_MESSAGES.valueRequired(label);
      return text.length > RULE_LIMITS.orderTypeMax
        ? RULE_MESSAGES.tooLong('An order type', RULE_LIMITS.orderTypeMax)
        : null;
    case 'update_order_sync_status':
      return RULE_SYNC_STATUS_TARGETS.includes(text as OrderSyncStatusKey)
        ? null
        : RULE_MESSAGES.statusNotAllowed(text);
    case 'multiply_line_item_quantity': {
      const multiplier = Number(text);
      return /^\d+$/.test(text) &&
        multiplier >= RULE_LIMITS.multiplierMin &&
        multiplier <= RULE_LIMITS.multiplierMax
        ? null
        : RULE_MESSAGES.multiplier;
    }
  }
}

const conditionSchema = z.object({
  field: z.enum(conditionFieldKeys, { error: RULE_MESSAGES.fieldChoice }),
  operator: z.enum(operatorKeys).nullable().default(null),
  value: z.string().nullable().default(null),
});

const actionSchema = z.object({
  action: z.enum(actionKeys, { error: RULE_MESSAGES.actionChoice }),
  value: z.union([z.string(), z.number()]).transform((value) => String(value).trim()),
});

export const ruleInputSchema = z
  .object({
    store_id: z.coerce.number().int().positive(),
    name: z.string().trim().min(1, 'Enter a name.').max(RULE_LIMITS.nameMax),
    data_type: z.enum(dataTypeKeys).default('order'),
    trigger_events: z.array(z.enum(RULE_TRIGGER_EVENT_KEYS)).min(1, RULE_MESSAGES.triggersRequired),
    groups_match: match.default('all'),
    condition_groups: z
      .array(
        z.object({
          match: match.default('all'),
          conditions: z
            .array(conditionSchema)
            .min(1, RULE_MESSAGES.conditionsRequired)
            .max(RULE_LIMITS.conditionsPerGroupMax),
        }),
      )
      .min(1, RULE_MESSAGES.conditionsRequired)
      .max(RULE_LIMITS.groupsMax),
    actions: z.array(actionSchema).min(1, RULE_MESSAGES.actionsRequired).max(RULE_LIMITS.actionsMax),
    is_active: z.boolean().optional(),
  })
  .superRefine((rule, context) => {
    rule.trigger_events = [...new Set(rule.trigger_events)];
    rule.condition_groups.forEach((group, groupIndex) => {
      group.conditions.forEach((condition, index) => {
        if (condition.field === 'no_condition') {
          condition.operator = null;
          condition.value = null;
          if (group.conditions.length > 1)
            context.addIssue({
              code: 'custom',
              path: ['condition_groups', groupIndex, 'conditions', index, 'field'],
              message: RULE_MESSAGES.noConditionAlone,
            });
          return;
        }
        const problem = conditionProblem(condition.field, condition.operator, condition.value);
        if (problem) {
          context.addIssue({
            code: 'custom',
            path: ['condition_groups', groupIndex, 'conditions', index, 'value'],
            message: problem,
          });
          return;
        }
        if (condition.operator === 'is_empty') condition.value = null;
        else condition.value = (condition.value ?? '').trim();
      });
    });
    rule.actions.forEach((action, index) => {
      const problem = actionProblem(action.action, action.value);
      if (problem) context.addIssue({ code: 'custom', path: ['actions', index, 'value'], message: problem });
    });
    const count = (name: RuleActionName) => rule.actions.filter((action) => action.action === name).length;
    if (count('multiply_line_item_quantity') > 1)
      context.addIssue({ code: 'custom', path: ['actions'], message: RULE_MESSAGES.oneMultiplier });
    if (count('update_order_sync_status') > 1)
      context.addIssue({ code: 'custom', path: ['actions'], message: RULE_MESSAGES.oneStatus });
  });

/** A partial save (`PUT rule-engines/{id}`) sends the whole rule again: same schema. */
export type RuleInputParsed = z.infer<typeof ruleInputSchema>;

/** `POST sort {sort}`: the rule ids of one store, first = priority 1. */
export const ruleSortSchema = z.object({
  store_id: z.coerce.number().int().positive(),
  sort: z.array(z.coerce.number().int().positive()).min(1),
});

/** `POST rule-engines/dry-run`: a rule being edited (not saved yet) against the store's latest orders. */
export const ruleDryRunSchema = z.object({
  rule: z.lazy(() => ruleInputSchema),
  limit: z.coerce.number().int().min(1).max(RULE_LIMITS.dryRunMax).default(RULE_LIMITS.dryRunDefault),
});

/**
 * `POST rule-engines/{id}/backfill`: the saved rule applied to the store's orders that the
 * orders list's own query parameters select (`filters`: exactly what `GET orders/{storeId}` takes).
 */
export const ruleBackfillSchema = z.object({
  filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
});

export const pluginRuleInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(RULE_LIMITS.nameMax),
    condition_field: z.enum(conditionFieldKeys, { error: RULE_MESSAGES.fieldChoice }),
    condition_operator: z.enum(operatorKeys).nullable().default(null),
    condition_value: z.string().nullable().default(null),
    action_name: z.enum(actionKeys, { error: RULE_MESSAGES.actionChoice }),
    action_value: z.union([z.string(), z.number()]).transform((value) => String(value).trim()),
    execution_step: z.coerce.number().int().min(1).max(1000).default(1),
    is_active: z.boolean().optional(),
  })
  .superRefine((rule, context) => {
    if (rule.condition_field === 'no_condition') {
      rule.condition_operator = null;
      rule.condition_value = null;
    } else {
      const problem = conditionProblem(rule.condition_field, rule.condition_operator, rule.condition_value);
      if (problem) context.addIssue({ code: 'custom', path: ['condition_value'], message: problem });
      else
        rule.condition_value =
          rule.condition_operator === 'is_empty' ? null : (rule.condition_value ?? '').trim();
    }
    const problem = actionProblem(rule.action_name, rule.action_value);
    if (problem) context.addIssue({ code: 'custom', path: ['action_value'], message: problem });
  });
