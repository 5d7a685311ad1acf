import type { FormInstance } from 'antd';

import { isApiError } from '../http/api-error';

/**
 * Puts a 422's field messages under the form's fields (the first message of each, spec §5) and
 * answers whether any landed. Server keys are the body's field names; an item of a list field
 * (`storeNotifications.1`) lands on the list field when the form has no field of that exact name.
 * The red notification is the api client's error handler's job, so nothing is shown here.
 */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error) || error.status !== 422) return false;
  const registered = new Set(form.getFieldsError().map((field) => field.name.join('.')));
  const fields: { name: (string | number)[]; errors: string[] }[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (!first) continue;
    const path = key.split('.');
    const name = registered.has(key) ? path : registered.has(path[0] ?? '') ? [path[0] as string] : null;
    if (!name) continue;
    fields.push({ name: name.map((part) => (/^\d+$/.test(part) ? Number(part) : part)), errors: [first] });
  }
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0;
}
