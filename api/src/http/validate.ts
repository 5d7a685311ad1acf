import type { z } from 'zod';
import { AppError, type FieldErrors } from './app-error';

/** Turns zod issues into the spec's field map: `{ 'items.0.sku': ['The sku field is required.'] }`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses input with a schema or throws a 422 AppError with the field map. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(fieldErrorsOf(result.error));
  return result.data;
}
