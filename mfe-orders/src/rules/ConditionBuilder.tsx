import { Button, Card, Flex, Form, Select, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

import { RULE_LIMITS, type RuleConditionField } from '@syncdesk/contracts';

import {
  conditionFieldType,
  conditionTakesValue,
  type ConditionValues,
  type RuleFormValues,
} from './rule-form';
import type { ConditionFieldOption } from './rules.api';
import { RuleValueInput } from '@syncdesk/web-kit';

const MATCH_OPTIONS = [
  { value: 'all', label: 'All of' },
  { value: 'any', label: 'Any of' },
];

interface ConditionBuilderProps {
  form: FormInstance<RuleFormValues>;
  fields: ConditionFieldOption[];
}

/**
 * The rule's conditions: groups of rows "field ▸ operator ▸ value". A field offers the operators
 * its type allows (from `condition-fields`), and the value input follows the type.
 */
export function ConditionBuilder({ form, fields }: ConditionBuilderProps) {
  return (
    <Form.List name="condition_groups">
      {(groups, { add: addGroup, remove: removeGroup }) => (
        <Flex vertical gap={12}>
          {groups.length > 1 ? (
            <Form.Item name="groups_match" label="Groups" style={{ marginBottom: 0 }}>
              <Select
                aria-label="How the groups combine"
                style={{ maxWidth: 200 }}
                options={[
                  { value: 'all', label: 'All groups' },
                  { value: 'any', label: 'Any group' },
                ]}
              />
            </Form.Item>
          ) : null}
          {groups.map((group, groupIndex) => {
            const groupNumber = groupIndex + 1;
            return (
              <Card
                key={group.key}
                size="small"
                title={
                  <Flex align="center" gap={8}>
                    <span>Group {groupNumber}:</span>
                    <Form.Item name={[group.name, 'match']} noStyle>
                      <Select
                        aria-label={`Match, group ${groupNumber}`}
                        options={MATCH_OPTIONS}
                        style={{ width: 110 }}
                      />
                    </Form.Item>
                    <Typography.Text type="secondary">these conditions</Typography.Text>
                  </Flex>
                }
                extra={
                  groups.length > 1 ? (
                    <Button type="text" danger onClick={() => removeGroup(group.name)}>
                      Remove group {groupNumber}
                    </Button>
                  ) : null
                }
              >
                <Form.List name={[group.name, 'conditions']}>
                  {(conditions, { add, remove }) => (
                    <Flex vertical gap={8}>
                      {conditions.map((condition, conditionIndex) => (
                        <ConditionRow
                          key={condition.key}
                          form={form}
                          fields={fields}
                          path={['condition_groups', group.name, 'conditions', condition.name]}
                          listName={condition.name}
                          label={`group ${groupNumber} condition ${conditionIndex + 1}`}
                          onRemove={conditions.length > 1 ? () => remove(condition.name) : undefined}
                        />
                      ))}
                      {conditions.length < RULE_LIMITS.conditionsPerGroupMax ? (
                        <Button
                          icon={<PlusOutlined />}
                          onClick={() => add({})}
                          style={{ alignSelf: 'flex-start' }}
                          aria-label={`Add condition to group ${groupNumber}`}
                        >
                          Add condition
                        </Button>
                      ) : null}
                    </Flex>
                  )}
                </Form.List>
              </Card>
            );
          })}
          {groups.length < RULE_LIMITS.groupsMax ? (
            <Button
              icon={<PlusOutlined />}
              onClick={() => addGroup({ match: 'all', conditions: [{}] })}
              style={{ alignSelf: 'flex-start' }}
            >
              Add group
            </Button>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
}

interface ConditionRowProps {
  form: FormInstance<RuleFormValues>;
  fields: ConditionFieldOption[];
  /** The row's full path in the form, to read and reset it. */
  path: ['condition_groups', number, 'conditions', number];
  /** The row's name inside its Form.List. */
  listName: number;
  /** "group 1 condition 2", for the inputs' accessible names. */
  label: string;
  onRemove?: () => void;
}

function ConditionRow({ form, fields, path, listName, label, onRemove }: ConditionRowProps) {
  const condition = Form.useWatch(path, form) as ConditionValues | undefined;
  const field = fields.find((candidate) => candidate.key === condition?.field);
  const type = conditionFieldType(condition?.field);

  const changeField = (key: RuleConditionField) => {
    const next = fields.find((candidate) => candidate.key === key);
    // A new field keeps nothing of the old one: its operators and values may not apply.
    form.setFieldValue(path, { field: key, operator: next?.operators[0]?.key ?? null, value: undefined });
  };

  return (
    <Flex gap={8} align="flex-start" wrap>
      <Form.Item name={[listName, 'field']} style={{ marginBottom: 0, minWidth: 240 }} extra={field?.help}>
        <Select
          aria-label={`Field, ${label}`}
          placeholder="Choose a field"
          options={fields.map((option) => ({ value: option.key, label: option.label }))}
          onChange={changeField}
        />
      </Form.Item>
      {field && type !== 'none' ? (
        <Form.Item name={[listName, 'operator']} style={{ marginBottom: 0, minWidth: 200 }}>
          <Select
            aria-label={`Operator, ${label}`}
            options={field.operators.map((operator) => ({ value: operator.key, label: operator.label }))}
          />
        </Form.Item>
      ) : null}
      {field && conditionTakesValue(condition) ? (
        <Form.Item
          name={[listName, 'value']}
          style={{ marginBottom: 0, minWidth: 160 }}
          // Country codes are stored as the seller reads them: DE, not de.
          normalize={type === 'country' ? (value: string) => value?.toUpperCase() : undefined}
        >
          <RuleValueInput type={type} aria-label={`Value, ${label}`} />
        </Form.Item>
      ) : null}
      {onRemove ? (
        <Button type="text" icon={<DeleteOutlined />} onClick={onRemove} aria-label={`Remove ${label}`} />
      ) : null}
    </Flex>
  );
}
