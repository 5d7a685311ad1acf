import type { FormRule } from 'antd';
import type { z } from 'zod';

type AnyObjectSchema = z.ZodType<Record<string, unknown>> & { shape?: Record<string, z.ZodType> };

/**
 * An antd Form rule that checks a field with the contracts' zod schema, so the form shows the
 * server's own messages before sending. The field's own schema runs first; when it passes, the
 * whole form is parsed and issues at this field's path (cross-field checks such as the password
 * confirmation) are reported too.
 */
export function zodRule(schema: AnyObjectSchema, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      const own = schema.shape?.[field];
      if (own) {
        const result = own.safeParse(value);
        if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value.');
      }
      const whole = schema.safeParse(getFieldsValue(true));
      if (whole.success) return;
      const issue = whole.error.issues.find((candidate) => candidate.path[0] === field);
      if (issue && (!own || issue.code === 'custom')) throw new Error(issue.message);
    },
  });
}
