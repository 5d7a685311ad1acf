import { useState } from 'react';
import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';

import {
  actionProblem,
  conditionProblem,
  RULE_LIMITS,
  type PluginRuleDto,
  type PluginRuleInput,
  type RuleActionName,
  type RuleConditionField,
  type RuleOperator,
} from '@syncdesk/contracts';
import { applyServerErrors, RuleValueInput } from '@syncdesk/web-kit';

import type { ActionOption, ConditionFieldOption } from './plugin-rules.api';

interface Values {
  name: string;
  condition_field: RuleConditionField;
  condition_operator?: RuleOperator | null;
  condition_value?: string | number | null;
  action_name: RuleActionName;
  action_value?: string | number | null;
  execution_step?: number | null;
}

export interface PluginRuleFormProps {
  /** The rule being edited, or null to add one. */
  rule: PluginRuleDto | null;
  /** Where a new rule goes: after the plugin's last step. */
  nextStep: number;
  fields: ConditionFieldOption[];
  actions: ActionOption[];
  /** Sends the rule; a 422 thrown here lands under the form's fields. */
  save(input: PluginRuleInput): Promise<void>;
  onCancel(): void;
}

const NAME_REQUIRED = 'Enter a name.';
const STEP_REQUIRED = 'Enter the execution step.';

function initialValues(
  rule: PluginRuleDto | null,
  nextStep: number,
  fields: ConditionFieldOption[],
  actions: ActionOption[],
): Values {
  if (rule)
    return {
      name: rule.name,
      condition_field: rule.condition_field,
      condition_operator: rule.condition_operator,
      condition_value: rule.condition_value,
      action_name: rule.action_name,
      action_value: rule.action_value,
      execution_step: rule.execution_step,
    };
  const field = fields[0];
  return {
    name: '',
    condition_field: field?.key ?? 'no_condition',
    condition_operator: field?.operators[0]?.key ?? null,
    condition_value: null,
    action_name: actions[0]?.key ?? 'add_tag',
    action_value: null,
    execution_step: nextStep,
  };
}

/** Whether a condition takes a value: no_condition and is_empty stand alone. */
function takesValue(field: ConditionFieldOption | undefined, operator: RuleOperator | null | undefined) {
  return Boolean(field && field.type !== 'none' && operator && operator !== 'is_empty');
}

/**
 * Add or edit a plugin rule: one condition (field ▸ operator ▸ value, driven by the api's condition
 * fields) and one action (▸ value, driven by its actions), with the same value inputs and the same
 * checks as the store's rules (contracts' conditionProblem and actionProblem), before anything is sent.
 */
export function PluginRuleForm({ rule, nextStep, fields, actions, save, onCancel }: PluginRuleFormProps) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const fieldKey = Form.useWatch('condition_field', form) as RuleConditionField | undefined;
  const operator = Form.useWatch('condition_operator', form) as RuleOperator | null | undefined;
  const actionKey = Form.useWatch('action_name', form) as RuleActionName | undefined;
  const field = fields.find((entry) => entry.key === fieldKey);
  const action = actions.find((entry) => entry.key === actionKey);

  // A new field brings its own operators and kind of value; a new action its own kind of value.
  const onValuesChange = (changed: Partial<Values>) => {
    if ('condition_field' in changed) {
      const next = fields.find((entry) => entry.key === changed.condition_field);
      form.setFieldsValue({ condition_operator: next?.operators[0]?.key ?? null, condition_value: null });
    }
    if ('condition_operator' in changed && changed.condition_operator === 'is_empty')
      form.setFieldValue('condition_value', null);
    if ('action_name' in changed) form.setFieldValue('action_value', null);
  };

  const submit = async (values: Values) => {
    const conditionField = values.condition_field;
    const none = fields.find((entry) => entry.key === conditionField)?.type === 'none';
    const conditionOperator = none ? null : (values.condition_operator ?? null);
    const conditionValue =
      none || conditionOperator === 'is_empty' || values.condition_value == null
        ? null
        : String(values.condition_value).trim();
    const actionValue = values.action_value == null ? '' : String(values.action_value).trim();

    // The server's own checks, so its messages show at once under the right field.
    const errors: { name: keyof Values; errors: string[] }[] = [];
    if (!values.name?.trim()) errors.push({ name: 'name', errors: [NAME_REQUIRED] });
    const conditionError = none ? null : conditionProblem(conditionField, conditionOperator, conditionValue);
    if (conditionError)
      errors.push({
        name: conditionOperator ? 'condition_value' : 'condition_operator',
        errors: [conditionError],
      });
    const actionError = actionProblem(values.action_name, actionValue);
    if (actionError) errors.push({ name: 'action_value', errors: [actionError] });
    if (values.execution_step == null) errors.push({ name: 'execution_step', errors: [STEP_REQUIRED] });
    if (errors.length > 0) {
      form.setFields(errors);
      return;
    }

    setSaving(true);
    try {
      await save({
        name: values.name.trim(),
        condition_field: conditionField,
        condition_operator: conditionOperator,
        condition_value: conditionValue,
        action_name: values.action_name,
        action_value: actionValue,
        execution_step: Number(values.execution_step),
        ...(rule ? { is_active: rule.is_active } : {}),
      });
    } catch (error) {
      applyServerErrors(form, error);
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      // Its own field ids: the plugin's settings form on the same page has a Name too.
      name="plugin-rule"
      layout="vertical"
      initialValues={initialValues(rule, nextStep, fields, actions)}
      onValuesChange={onValuesChange}
      onFinish={(values) => void submit(values)}
      disabled={saving}
      noValidate
    >
      <Form.Item label="Name" name="name">
        <Input maxLength={RULE_LIMITS.nameMax} />
      </Form.Item>
      <Form.Item label="Condition field" name="condition_field" extra={field?.help}>
        <Select<RuleConditionField>
          showSearch={{ optionFilterProp: 'label' }}
          options={fields.map((entry) => ({ value: entry.key, label: entry.label }))}
        />
      </Form.Item>
      {field && field.type !== 'none' ? (
        <Form.Item label="Operator" name="condition_operator">
          <Select<RuleOperator>
            placeholder="Choose how to compare"
            options={field.operators.map((entry) => ({ value: entry.key, label: entry.label }))}
          />
        </Form.Item>
      ) : null}
      {/* Keyed by type: a number box and a text box hold different values. */}
      {takesValue(field, operator) && field ? (
        <ConditionValueItem key={field.type} type={field.type} />
      ) : null}
      <Form.Item label="Action" name="action_name" extra={action?.help}>
        <Select<RuleActionName>
          options={actions.map((entry) => ({ value: entry.key, label: entry.label }))}
        />
      </Form.Item>
      {action ? <ActionValueItem key={action.valueType} action={action} /> : null}
      <Form.Item
        label="Execution step"
        name="execution_step"
        extra="Rules of this plugin run in step order, 1 first."
      >
        <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {rule ? 'Save' : 'Add rule'}
        </Button>
      </Flex>
    </Form>
  );
}

/** The condition's value as its type asks (web-kit's RuleValueInput, as the store's rules). */
function ConditionValueItem({ type }: { type: ConditionFieldOption['type'] }) {
  return (
    <Form.Item label="Value" name="condition_value">
      <RuleValueInput type={type} width={160} />
    </Form.Item>
  );
}

/** The action's value: a status from the api's list, a multiplier, or text. */
function ActionValueItem({ action }: { action: ActionOption }) {
  switch (action.valueType) {
    case 'sync_status':
      return (
        <Form.Item label="Action value" name="action_value">
          <Select<string> placeholder="Choose a sync status" options={action.options ?? []} />
        </Form.Item>
      );
    case 'multiplier':
      return (
        <Form.Item
          label="Action value"
          name="action_value"
          extra="Each line asks for this many times the units sold."
        >
          <InputNumber
            min={RULE_LIMITS.multiplierMin}
            max={RULE_LIMITS.multiplierMax}
            precision={0}
            style={{ width: 160 }}
          />
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item label="Action value" name="action_value">
          <Input maxLength={RULE_LIMITS.textValueMax} />
        </Form.Item>
      );
  }
}
