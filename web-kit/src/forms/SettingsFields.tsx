import { useMemo, type ReactNode } from 'react';
import {
  AutoComplete,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  TimePicker,
  type FormRule,
} from 'antd';

import {
  isFieldVisible,
  validateSettingFields,
  type SettingField,
  type SettingsFieldErrors,
  type SettingsValues,
} from '@syncdesk/contracts';

import {
  SETTING_DATE_FORMAT,
  SETTING_TIME_FORMAT,
  settingsValuesToValidate,
  settingsWireValues,
} from './settings-values';

export {
  SETTING_DATE_FORMAT,
  SETTING_TIME_FORMAT,
  settingsFormValues,
  settingsValuesToValidate,
  settingsWireValues,
} from './settings-values';

/** Placeholder of a secret field whose value the server already holds. */
export const SAVED_SECRET_PLACEHOLDER = 'Saved — leave blank to keep';

/** A titled group of fields; `'rest'` collects every field no other section names. */
export interface SettingsSection {
  key: string;
  title: string;
  fields: readonly string[] | 'rest';
}

export interface SettingsFieldsProps {
  /** The form definition (`GET .../channels/form/{type}`). */
  fields: readonly SettingField[];
  /** Secret fields holding a saved value: left blank, with a "leave blank to keep" placeholder. */
  savedSecrets?: readonly string[];
  /**
   * The errors of a set of values, keyed by field. Defaults to the definitions' own rules; pass
   * the contracts' `settingsErrorsFor(type, …)` to check exactly what the api checks.
   */
  validate?: (values: SettingsValues) => SettingsFieldErrors | null;
  /** Groups the fields into cards; without it the fields form one grid. */
  sections?: readonly SettingsSection[];
}

/**
 * Renders a settings form from its field definitions inside an antd Form: one control per field
 * type, help as extra text, required marks, and fields whose `dependsOn` does not hold left out
 * (so they are neither shown nor validated, as on the server). Each field is checked with
 * `validate` on change and on submit, so the messages are the api's own.
 */
export function SettingsFields({ fields, savedSecrets = [], validate, sections }: SettingsFieldsProps) {
  const form = Form.useFormInstance();
  const check = useMemo(
    () => validate ?? ((values: SettingsValues) => validateSettingFields(fields, values)),
    [validate, fields],
  );

  // Only the list of visible names is watched, so typing re-renders nothing until a switch
  // that others depend on flips.
  const visibleNamesOf = (values: Record<string, unknown> | undefined): string =>
    fields
      .filter((field) => isFieldVisible(field, settingsWireValues(fields, values ?? {}), fields))
      .map((field) => field.name)
      .join(',');
  const watched = Form.useWatch(visibleNamesOf, { form, preserve: true });
  const visible = new Set((watched ?? visibleNamesOf(form.getFieldsValue(true))).split(','));

  const ruleFor =
    (field: SettingField): FormRule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const values = settingsValuesToValidate(fields, getFieldsValue(true), savedSecrets);
        const message = check(values)?.[field.name]?.[0];
        if (message) throw new Error(message);
      },
    });

  const item = (field: SettingField): ReactNode => (
    <Col key={field.name} xs={24} md={12}>
      <Form.Item
        name={field.name}
        label={field.label}
        required={field.required}
        extra={field.help}
        valuePropName={field.type === 'switch' ? 'checked' : 'value'}
        rules={[ruleFor(field)]}
      >
        {controlFor(field, savedSecrets.includes(field.name))}
      </Form.Item>
    </Col>
  );

  const shown = fields.filter((field) => visible.has(field.name));
  if (!sections) return <Row gutter={16}>{shown.map(item)}</Row>;

  const named = new Set(sections.flatMap((section) => (section.fields === 'rest' ? [] : section.fields)));
  return (
    <Flex vertical gap={16}>
      {sections.map((section) => {
        const members = shown.filter((field) =>
          section.fields === 'rest' ? !named.has(field.name) : section.fields.includes(field.name),
        );
        if (members.length === 0) return null;
        return (
          <Card key={section.key} size="small" title={section.title}>
            <Row gutter={16}>{members.map(item)}</Row>
          </Card>
        );
      })}
    </Flex>
  );
}

/** The antd control for a field type. */
function controlFor(field: SettingField, saved: boolean): ReactNode {
  const options = (field.options ?? []).map((option) => ({ value: option.value, label: option.label }));
  switch (field.type) {
    case 'text':
      if (field.secret)
        return (
          <Input.Password
            autoComplete="new-password"
            placeholder={saved ? SAVED_SECRET_PLACEHOLDER : undefined}
          />
        );
      return field.url ? <Input type="url" inputMode="url" placeholder="https://" /> : <Input />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'switch':
      return <Switch />;
    case 'select':
      return (
        <Select
          mode={field.multiple ? 'multiple' : undefined}
          options={options}
          allowClear={!field.required}
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    case 'combobox':
      // Free text with suggestions; the suggestions' values are sent as text.
      return (
        <AutoComplete
          options={options.map((option) => ({ value: String(option.value), label: option.label }))}
          showSearch={{
            filterOption: (input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase()),
          }}
        />
      );
    case 'date':
      return <DatePicker format={SETTING_DATE_FORMAT} style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />;
    case 'time':
      return <TimePicker format={SETTING_TIME_FORMAT} style={{ width: '100%' }} />;
  }
}
