import {
  ORDER_SYNC_STATUS,
  RULE_ACTIONS,
  RULE_CONDITION_FIELDS,
  RULE_DATA_TYPES,
  RULE_OPERATORS,
  RULE_OPERATORS_BY_TYPE,
  RULE_SYNC_STATUS_TARGETS,
  type RuleActionValueType,
  type RuleDataType,
  type RuleValueType,
} from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';

/**
 * What the rule editor is built from (spec §7: data-types, condition-fields, actions), read from
 * the vocabularies in contracts so the editor offers exactly what a save accepts.
 */

export interface RuleConditionFieldMeta {
  key: string;
  label: string;
  type: RuleValueType;
  help: string;
  operators: { key: string; label: string }[];
}

export interface RuleActionMeta {
  key: string;
  label: string;
  valueType: RuleActionValueType;
  help: string;
  options?: { value: string; label: string }[];
}

/** `data-types?types[]=…`: the asked-for types that exist (unknown ones ignored); all when none asked. */
export function ruleDataTypes(types: readonly string[]): { key: string; label: string }[] {
  const known = RULE_DATA_TYPES.map(({ key, label }) => ({ key, label }));
  return types.length === 0 ? known : known.filter((type) => types.includes(type.key));
}

function dataTypeOf(value: string): RuleDataType {
  const found = RULE_DATA_TYPES.find((type) => type.key === value);
  if (!found) throw AppError.notFound();
  return found.key;
}

export function ruleConditionFields(dataType: string): RuleConditionFieldMeta[] {
  dataTypeOf(dataType);
  return RULE_CONDITION_FIELDS.map(({ key, label, type, help }) => ({
    key,
    label,
    type,
    help,
    operators: RULE_OPERATORS.filter((operator) => RULE_OPERATORS_BY_TYPE[type].includes(operator.key)).map(
      (operator) => ({ key: operator.key, label: operator.label }),
    ),
  }));
}

/** The statuses a rule may move orders to, with the labels the order screens use. */
const SYNC_STATUS_OPTIONS = RULE_SYNC_STATUS_TARGETS.map((key) => ({
  value: key,
  label: ORDER_SYNC_STATUS.byKey(key).label,
}));

export function ruleActions(dataType: string): RuleActionMeta[] {
  dataTypeOf(dataType);
  return RULE_ACTIONS.map(({ key, label, valueType, help }) => ({
    key,
    label,
    valueType,
    help,
    ...(valueType === 'sync_status' ? { options: SYNC_STATUS_OPTIONS } : {}),
  }));
}
