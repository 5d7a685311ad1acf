import { Input, InputNumber, Select } from 'antd';
import { RULE_LIMITS, type RuleValueType } from '@syncdesk/contracts';

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export interface RuleValueInputProps {
  /** The condition field's type (`condition-fields`): it decides the input. */
  type: RuleValueType | undefined;
  value?: string | number | null;
  onChange?: (value: string | number | null) => void;
  /** Given by Form.Item, so its label names the input. */
  id?: string;
  'aria-label'?: string;
  width?: number;
}

/**
 * A rule condition's value as its field's type asks: a whole number, two capital letters of a
 * country, yes or no, or text. One input for the store's rules and a plugin's rules, controlled as
 * antd's Form.Item expects.
 */
export function RuleValueInput({
  type,
  value,
  onChange,
  id,
  'aria-label': label,
  width,
}: RuleValueInputProps) {
  const text = value === null || value === undefined ? '' : String(value);
  switch (type) {
    case 'number':
      return (
        <InputNumber
          id={id}
          aria-label={label}
          min={0}
          precision={0}
          style={width ? { width } : undefined}
          value={typeof value === 'number' ? value : value ? Number(value) : null}
          onChange={(next) => onChange?.(next)}
        />
      );
    case 'boolean':
      return (
        <Select<string>
          id={id}
          aria-label={label}
          placeholder="Yes or no"
          style={{ width: width ?? 100 }}
          value={text === '' ? undefined : text}
          onChange={(next) => onChange?.(next)}
          options={YES_NO}
        />
      );
    case 'country':
      return (
        <Input
          id={id}
          aria-label={label}
          maxLength={2}
          placeholder="DE"
          style={{ width: width ?? 80, textTransform: 'uppercase' }}
          value={text}
          onChange={(event) => onChange?.(event.target.value.toUpperCase())}
        />
      );
    case 'text':
    case 'sku':
    case 'tag':
    case 'none':
    case undefined:
      return (
        <Input
          id={id}
          aria-label={label}
          maxLength={RULE_LIMITS.textValueMax}
          style={width ? { width } : undefined}
          value={text}
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
  }
}
