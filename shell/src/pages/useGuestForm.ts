import { useState } from 'react';
import { Form, type FormInstance } from 'antd';
import { SOMETHING_WENT_WRONG } from '@syncdesk/contracts';
import { errorNotificationText, isApiError } from '@syncdesk/web-kit';

/** The part of a zod schema the forms use, so the shell needs no zod import of its own. */
export interface ClientSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

export interface GuestForm<Values> {
  form: FormInstance<Values>;
  submitting: boolean;
  /** The server's message (or a failure without one), shown above the form. */
  errorText: string | null;
  onFinish: (values: Values) => Promise<void>;
}

/**
 * A guest page's form: the contracts' schema checks the values first (the same rules and texts as
 * the server), then `submit` runs; a server failure puts each known field's first message under
 * that field and the remaining text inline above the form. Nothing is notified.
 */
export function useGuestForm<Values extends object, Input>(
  schema: ClientSchema<Input>,
  submit: (input: Input) => Promise<void>,
  toInput: (values: Values) => unknown = (values) => values,
): GuestForm<Values> {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);

  const setFieldErrors = (errors: Record<string, readonly string[]>): string[] => {
    const known = new Set(Object.keys(form.getFieldsValue() as object));
    const shown: string[] = [];
    const fields = Object.entries(errors)
      .filter(([name, messages]) => known.has(name) && messages[0])
      .map(([name, messages]) => {
        shown.push(messages[0] as string);
        return { name: name as never, errors: [messages[0] as string] };
      });
    form.setFields(fields);
    return shown;
  };

  const onFinish = async (values: Values) => {
    setErrorText(null);
    const parsed = schema.safeParse(toInput(values));
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        errors[field] ??= [issue.message];
      }
      const shown = setFieldErrors(errors);
      // A rule on a field the form does not show (a token from the link) still needs saying.
      const hidden = Object.entries(errors).find(([, messages]) => !shown.includes(messages[0] ?? ''));
      if (hidden) setErrorText(hidden[1][0] ?? null);
      return;
    }
    setSubmitting(true);
    try {
      await submit(parsed.data);
    } catch (error) {
      if (!isApiError(error)) {
        setErrorText(SOMETHING_WENT_WRONG);
        return;
      }
      const shown = setFieldErrors(error.errors);
      const text = errorNotificationText(error);
      // The same sentence under the field and above the form would say it twice.
      setErrorText(text && !shown.includes(text) ? text : null);
    } finally {
      setSubmitting(false);
    }
  };

  return { form, submitting, errorText, onFinish };
}
