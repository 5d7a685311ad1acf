import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

import { RULE_LIMITS, type RuleActionName } from '@syncdesk/contracts';

import type { ActionValues, RuleFormValues } from './rule-form';
import type { ActionOption } from './rules.api';

interface ActionEditorProps {
  form: FormInstance<RuleFormValues>;
  actions: ActionOption[];
}

/** What the rule does: rows "action ▸ value", the value input following the action (`actions/order`). */
export function ActionEditor({ form, actions }: ActionEditorProps) {
  return (
    <Form.List name="actions">
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          {rows.map((row, index) => (
            <ActionRow
              key={row.key}
              form={form}
              actions={actions}
              listName={row.name}
              number={index + 1}
              onRemove={rows.length > 1 ? () => remove(row.name) : undefined}
            />
          ))}
          <Form.ErrorList errors={errors} />
          {rows.length < RULE_LIMITS.actionsMax ? (
            <Button icon={<PlusOutlined />} onClick={() => add({})} style={{ alignSelf: 'flex-start' }}>
              Add action
            </Button>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
}

interface ActionRowProps {
  form: FormInstance<RuleFormValues>;
  actions: ActionOption[];
  listName: number;
  number: number;
  onRemove?: () => void;
}

function ActionRow({ form, actions, listName, number, onRemove }: ActionRowProps) {
  const path: ['actions', number] = ['actions', listName];
  const row = Form.useWatch(path, form) as ActionValues | undefined;
  const action = actions.find((candidate) => candidate.key === row?.action);
  const label = `action ${number}`;

  const changeAction = (key: RuleActionName) => {
    const next = actions.find((candidate) => candidate.key === key);
    form.setFieldValue(path, {
      action: key,
      value: next?.valueType === 'multiplier' ? RULE_LIMITS.multiplierMin : undefined,
    });
  };

  return (
    <Flex gap={8} align="flex-start" wrap>
      <Form.Item name={[listName, 'action']} style={{ marginBottom: 0, minWidth: 240 }} extra={action?.help}>
        <Select
          aria-label={`Action, ${label}`}
          placeholder="Choose an action"
          options={actions.map((option) => ({ value: option.key, label: option.label }))}
          onChange={changeAction}
        />
      </Form.Item>
      {action ? (
        <Form.Item name={[listName, 'value']} style={{ marginBottom: 0, minWidth: 200 }}>
          {action.valueType === 'sync_status' ? (
            <Select
              aria-label={`Value, ${label}`}
              placeholder="Choose a status"
              options={action.options ?? []}
            />
          ) : action.valueType === 'multiplier' ? (
            <InputNumber
              aria-label={`Value, ${label}`}
              min={RULE_LIMITS.multiplierMin}
              max={RULE_LIMITS.multiplierMax}
              precision={0}
              addonBefore="×"
            />
          ) : (
            <Input aria-label={`Value, ${label}`} maxLength={RULE_LIMITS.textValueMax} />
          )}
        </Form.Item>
      ) : null}
      {onRemove ? (
        <Button type="text" icon={<DeleteOutlined />} onClick={onRemove} aria-label={`Remove ${label}`} />
      ) : null}
    </Flex>
  );
}
