/**
 * Validation of saved channel settings, built from the same definitions the form renders, so the
 * api (which answers 422 with the field map) and the browser reject the same input with the same
 * message.
 */
import { z } from 'zod';

import { settingsFormFor, type SettingField, type SettingFieldDependency } from './settings-fields';

export type SettingsValues = Record<string, unknown>;

/** Field name → messages, the shape of a 422 body's field map. */
export type SettingsFieldErrors = Record<string, string[]>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// The spec's list filters send `YYYY-MM-DD HH:mm:ss`; ISO-8601 with `T` and an offset is what
// date pickers and the channels' APIs produce, so both are taken.
const DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const URL_PATTERN = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** `shop.myshopify.com` → `https://shop.myshopify.com`: an address typed without its scheme, as sellers copy it. */
function withHttps(text: string): string | null {
  return !SCHEME.test(text) && URL_PATTERN.test(`https://${text}`) ? `https://${text}` : null;
}

/**
 * The url fields' values with `https://` put before an address typed without a scheme, as the api
 * saves them (and validates, calls and stores them): a seller's `shop.myshopify.com` is the shop.
 */
export function withUrlSchemes(
  fields: readonly SettingField[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const completed = { ...values };
  for (const field of fields) {
    const value = completed[field.name];
    if (!field.url || typeof value !== 'string') continue;
    const full = withHttps(value.trim());
    if (full) completed[field.name] = full;
  }
  return completed;
}

/**
 * Why a url setting is refused, in words that point at the fix: an address without its scheme is
 * accepted (saved with https://, `withUrlSchemes`); a local name (localhost, an intranet host: no
 * dot) is told that it must be public, as the server's reachability check would; only the rest is
 * "not a valid URL".
 */
function urlProblem(text: string, name: string): string | undefined {
  if (URL_PATTERN.test(text) || withHttps(text)) return undefined;
  let parsed: URL | null;
  try {
    parsed = new URL(text);
  } catch {
    parsed = null;
  }
  if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '')
    return `The ${name} must be a public internet address: ${parsed.hostname} is a local name our servers cannot reach.`;
  return `The ${name} field must be a valid URL.`;
}

/**
 * How a message names a field: its label as the form shows it, so "Consumer key" reads "The
 * consumer key field is required." rather than naming the stored key (`api_key`). Labels are in
 * sentence case, so only a first word that is merely capitalised is lowered; acronyms and
 * camel-cased brands keep their letters ("API key", "Shop URL", "eBay site").
 */
export function settingFieldAttribute(field: Pick<SettingField, 'label'>): string {
  const label = field.label.trim();
  const firstWord = label.split(/\s/, 1)[0] ?? '';
  return /^\p{Lu}[\p{Ll}\d]*$/u.test(firstWord) && firstWord.length > 1
    ? `${label[0]?.toLowerCase() ?? ''}${label.slice(1)}`
    : label;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls 2024-02-30 over to March, so a round trip catches impossible days.
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isTime(hours: string, minutes: string, seconds: string | undefined): boolean {
  return Number(hours) < 24 && Number(minutes) < 60 && (seconds === undefined || Number(seconds) < 60);
}

function isDateTime(value: string): boolean {
  const match = DATETIME.exec(value);
  if (!match) return false;
  const [, date = '', hours = '', minutes = '', seconds] = match;
  return isCalendarDate(date) && isTime(hours, minutes, seconds);
}

/** Forms post numbers as strings, so a numeric string counts as a number. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/** The value a field has once defaults are applied, which is what the form shows. */
function effectiveValue(values: SettingsValues, field: SettingField | undefined, name: string): unknown {
  const value = values[name];
  return value === undefined ? field?.default : value;
}

/**
 * A field is visible when its dependency holds and the field it depends on is itself visible, so a
 * chain of switches hides everything below the first one that is off.
 */
export function isFieldVisible(
  field: SettingField,
  values: SettingsValues,
  fields: readonly SettingField[],
): boolean {
  const seen = new Set<string>();
  let current: SettingField | undefined = field;
  while (current?.dependsOn) {
    if (seen.has(current.name)) return false;
    seen.add(current.name);
    const { field: parentName, equals }: SettingFieldDependency = current.dependsOn;
    const parent: SettingField | undefined = fields.find((candidate) => candidate.name === parentName);
    if (effectiveValue(values, parent, parentName) !== equals) return false;
    current = parent;
  }
  return true;
}

/** The first problem with one visible field's value, or undefined when it is valid. */
function checkField(field: SettingField, value: unknown): string | undefined {
  const name = settingFieldAttribute(field);
  if (isEmpty(value)) return field.required ? `The ${name} field is required.` : undefined;
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') return `The ${name} field must be a string.`;
      return field.url ? urlProblem(value.trim(), name) : undefined;
    case 'combobox':
      // Free text is allowed: the options are suggestions fetched from the channel.
      return typeof value === 'string' || typeof value === 'number'
        ? undefined
        : `The ${name} field must be a string.`;
    case 'number': {
      const number = toNumber(value);
      if (number === undefined) return `The ${name} field must be a number.`;
      if (field.min === undefined && number <= 0) return `The ${name} field must be greater than 0.`;
      if (field.min !== undefined && number < field.min)
        return `The ${name} field must be at least ${field.min}.`;
      if (field.max !== undefined && number > field.max)
        return `The ${name} field must not be greater than ${field.max}.`;
      return undefined;
    }
    case 'switch':
      return typeof value === 'boolean' ? undefined : `The ${name} field must be true or false.`;
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? undefined
        : `The ${name} field must be a valid date (YYYY-MM-DD).`;
    case 'datetime':
      return typeof value === 'string' && isDateTime(value)
        ? undefined
        : `The ${name} field must be a valid date and time.`;
    case 'time': {
      const match = typeof value === 'string' ? TIME.exec(value) : null;
      return match && isTime(match[1] ?? '', match[2] ?? '', match[3])
        ? undefined
        : `The ${name} field must be a valid time (HH:mm).`;
    }
    case 'select': {
      // Compared as strings because a select posts `"3"` for the option 3.
      const allowed = new Set((field.options ?? []).map((option) => String(option.value)));
      const chosen = field.multiple ? value : [value];
      if (!Array.isArray(chosen)) return `The ${name} field must be a list.`;
      return chosen.every(
        (item) => (typeof item === 'string' || typeof item === 'number') && allowed.has(String(item)),
      )
        ? undefined
        : `The selected ${name} is invalid.`;
    }
  }
}

/** Errors of `values` against a field list; hidden fields are skipped, as the form hides them. */
export function validateSettingFields(
  fields: readonly SettingField[],
  values: SettingsValues,
): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  for (const field of fields) {
    if (!isFieldVisible(field, values, fields)) continue;
    const message = checkField(field, effectiveValue(values, field, field.name));
    if (message) errors[field.name] = [message];
  }
  return errors;
}

/**
 * A zod schema for the settings of a channel type. Each failing field becomes one issue whose
 * path is the field name, so `z.flattenError(error).fieldErrors` is the 422 field map. Keys the
 * form does not define pass through untouched; the api decides what it stores.
 */
export function settingsSchemaFor(type: string): z.ZodType<SettingsValues> {
  const fields = settingsFormFor(type);
  return z.record(z.string(), z.unknown()).superRefine((values, context) => {
    for (const [name, messages] of Object.entries(validateSettingFields(fields, values))) {
      for (const message of messages) context.addIssue({ code: 'custom', path: [name], message });
    }
  });
}

/** Convenience for the api: the field map of a 422, or null when the settings are valid. */
export function settingsErrorsFor(type: string, values: SettingsValues): SettingsFieldErrors | null {
  const errors = validateSettingFields(settingsFormFor(type), values);
  return Object.keys(errors).length > 0 ? errors : null;
}
