import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

import type { SettingField, SettingsValues } from '@syncdesk/contracts';

dayjs.extend(customParseFormat);

/** How date and time settings are saved (what `settingsSchemaFor` accepts). */
export const SETTING_DATE_FORMAT = 'YYYY-MM-DD';
export const SETTING_TIME_FORMAT = 'HH:mm';

/**
 * Stands in for a secret the server already holds while the form is validated: a blank secret
 * with a saved value means "keep it", so it must not read as a missing required field.
 */
const SAVED_SECRET = '\u0000saved';

function toDayjs(field: SettingField, value: unknown): Dayjs | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed =
    field.type === 'date'
      ? dayjs(value, SETTING_DATE_FORMAT, true)
      : field.type === 'time'
        ? dayjs(value, ['HH:mm:ss', SETTING_TIME_FORMAT], true)
        : dayjs(value);
  return parsed.isValid() ? parsed : undefined;
}

/**
 * What an antd Form holds for saved settings: each field's saved value or its default, pickers
 * as dayjs objects, secrets always blank (the api never returns them).
 */
export function settingsFormValues(
  fields: readonly SettingField[],
  saved: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.secret) {
      values[field.name] = '';
      continue;
    }
    const value = saved[field.name] ?? field.default;
    if (field.type === 'date' || field.type === 'datetime' || field.type === 'time') {
      values[field.name] = toDayjs(field, value);
    } else if (Array.isArray(value)) {
      values[field.name] = [...(value as unknown[])];
    } else {
      values[field.name] = value;
    }
  }
  return values;
}

function fromDayjs(field: SettingField, value: Dayjs): string {
  if (field.type === 'date') return value.format(SETTING_DATE_FORMAT);
  if (field.type === 'time') return value.format(SETTING_TIME_FORMAT);
  return value.toISOString();
}

/**
 * The request body for a settings form (flat, keyed by field name): pickers back to text, text
 * trimmed, and blank secrets left out, because the api reads a missing secret as "keep the
 * saved one".
 */
export function settingsWireValues(
  fields: readonly SettingField[],
  formValues: Readonly<Record<string, unknown>>,
): SettingsValues {
  const values: SettingsValues = {};
  for (const field of fields) {
    const value = formValues[field.name];
    if (field.secret) {
      if (typeof value === 'string' && value !== '') values[field.name] = value;
      continue;
    }
    if (value === undefined) continue;
    if (dayjs.isDayjs(value)) values[field.name] = fromDayjs(field, value);
    else if (typeof value === 'string') values[field.name] = value.trim();
    else values[field.name] = value;
  }
  return values;
}

/**
 * The values to check before sending: the body, plus a stand-in for each blank secret the
 * server holds, so the client rejects exactly what the api would.
 */
export function settingsValuesToValidate(
  fields: readonly SettingField[],
  formValues: Readonly<Record<string, unknown>>,
  savedSecrets: readonly string[] = [],
): SettingsValues {
  const values = settingsWireValues(fields, formValues);
  for (const name of savedSecrets) {
    if (values[name] === undefined) values[name] = SAVED_SECRET;
  }
  return values;
}
