import {
  defaultSettingsFor,
  isFieldVisible,
  settingsFormFor,
  validateSettingFields,
  withUrlSchemes,
  type SettingField,
  type SettingValue,
} from '@syncdesk/contracts';
import type { FieldErrors } from '../../http/app-error';
import { outboundUrlMessage, outboundUrlProblem, type OutboundUrlGuardOptions } from '@syncdesk/integrations';

/**
 * Turning a settings form's flat values (what the browser posts) into what a channel row stores,
 * and back. Three homes: fields with `secret: true` go to the encrypted `credentials`, the fields
 * the table has columns for go to those columns, everything else to the `settings` JSON.
 */

/** Form fields stored in a column of their own rather than in `settings`. */
const COLUMN_FIELDS = ['name', 'account_nominal_code', 'api_version', 'is_default'] as const;
type ColumnField = (typeof COLUMN_FIELDS)[number];

export interface ChannelColumns {
  name?: string;
  account_nominal_code?: string | null;
  api_version?: string | null;
  is_default?: boolean;
}

export interface SplitValues {
  settings: Record<string, SettingValue>;
  /** Secret fields with a value to keep; never sent back to a client. */
  secrets: Record<string, string>;
  columns: ChannelColumns;
}

const isColumnField = (name: string): name is ColumnField =>
  (COLUMN_FIELDS as readonly string[]).includes(name);

/** Absent, null or blank: for a secret this means "keep the saved value". */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function secretFieldsOf(fields: readonly SettingField[]): string[] {
  return fields.filter((field) => field.secret).map((field) => field.name);
}

/** Only the keys the form defines: the api decides what it stores, not the body. */
export function pickFormValues(
  fields: readonly SettingField[],
  body: Record<string, unknown>,
): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    if (Object.hasOwn(body, field.name)) picked[field.name] = body[field.name];
  }
  return picked;
}

/** Forms post numbers as text; a number field is stored as a number once it validated. */
function normalise(field: SettingField, value: unknown): unknown {
  if (field.type === 'number' && typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : value;
  }
  if (field.type === 'text' && typeof value === 'string') return value.trim();
  return value;
}

/**
 * A hidden field (its switch is off) is not validated, as the form does not show it, but its value
 * is kept so switching back on restores it: unless it is not even a valid value of its type.
 */
function keepsHiddenValue(field: SettingField, value: unknown): boolean {
  const standalone: SettingField = { ...field, dependsOn: undefined, required: false };
  return Object.keys(validateSettingFields([standalone], { [field.name]: value })).length === 0;
}

/**
 * Splits validated values into settings, secrets and columns. Null and absent values are left
 * out (a cleared optional field is simply unset); blank secrets too, callers merge saved ones first.
 */
export function splitValues(fields: readonly SettingField[], values: Record<string, unknown>): SplitValues {
  const split: SplitValues = { settings: {}, secrets: {}, columns: {} };
  for (const field of fields) {
    const raw = values[field.name];
    if (field.secret) {
      if (!isBlank(raw)) split.secrets[field.name] = String(raw).trim();
      continue;
    }
    if (raw === undefined || raw === null) {
      if (field.name === 'account_nominal_code') split.columns.account_nominal_code = null;
      continue;
    }
    if (!isFieldVisible(field, values, fields) && !keepsHiddenValue(field, raw)) continue;
    const value = normalise(field, raw);
    if (isColumnField(field.name)) assignColumn(split.columns, field.name, value);
    else split.settings[field.name] = value as SettingValue;
  }
  return split;
}

function assignColumn(columns: ChannelColumns, name: ColumnField, value: unknown): void {
  switch (name) {
    case 'name':
      columns.name = String(value);
      return;
    case 'account_nominal_code':
    case 'api_version':
      columns[name] = String(value) === '' ? null : String(value);
      return;
    case 'is_default':
      columns.is_default = value === true;
      return;
  }
}

/**
 * The values a new channel is validated and saved with: the type's defaults overlaid with the
 * body's form keys (null in the body means "not set", so the default stays).
 */
export function valuesForCreate(type: string, body: Record<string, unknown>): Record<string, unknown> {
  const fields = settingsFormFor(type);
  const given = Object.entries(pickFormValues(fields, body)).filter(([, value]) => value !== null);
  // An address typed without its scheme is validated, checked and saved as https:// (the form accepts it).
  return withUrlSchemes(fields, { ...defaultSettingsFor(type), ...Object.fromEntries(given) });
}

/**
 * The values an update is validated and saved with: what the channel holds, overlaid with the
 * body's form keys. A secret left out, null or blank keeps its saved value, so a form never has
 * to send credentials back; null clears any other optional field.
 */
export function valuesForUpdate(
  type: string,
  current: Record<string, unknown>,
  savedSecrets: Record<string, unknown>,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const fields = settingsFormFor(type);
  const merged: Record<string, unknown> = { ...current };
  for (const name of secretFieldsOf(fields)) {
    if (!isBlank(savedSecrets[name])) merged[name] = savedSecrets[name];
  }
  for (const [name, value] of Object.entries(pickFormValues(fields, body))) {
    const secret = fields.find((field) => field.name === name)?.secret;
    if (secret && isBlank(value)) continue;
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  return withUrlSchemes(fields, merged);
}

/**
 * The url fields (a shop's or an API's address, which our servers call) whose target is not a
 * public internet address, as a 422 field map worded with each field's label as the form shows it;
 * null when there are none. It runs once the form validated, which already wants http(s) and a
 * host: this is the server-only part (the DNS look-up), see outbound-url-guard.ts.
 *
 * `given` limits the check to the fields a body sets, as an update does (like a webhook's url, an
 * address is checked whenever it is sent, and a form sends it with every save); without it every
 * url field with a value is checked, as on create.
 */
export async function urlTargetErrors(
  fields: readonly SettingField[],
  values: Record<string, unknown>,
  guard: OutboundUrlGuardOptions,
  given?: Record<string, unknown>,
): Promise<FieldErrors | null> {
  const checked = fields.filter((field) => {
    const value = values[field.name];
    if (!field.url || typeof value !== 'string' || value.trim() === '') return false;
    return given === undefined || Object.hasOwn(given, field.name);
  });
  const problems = await Promise.all(
    checked.map((field) => outboundUrlProblem(String(values[field.name]), guard)),
  );
  const errors: FieldErrors = {};
  checked.forEach((field, index) => {
    const problem = problems[index];
    if (problem) errors[field.name] = [outboundUrlMessage(problem, field.label)];
  });
  return Object.keys(errors).length > 0 ? errors : null;
}
