import { z } from 'zod';
import type { VocabularyValue } from '../vocabulary.types';
import { WEBHOOK_EVENT, WEBHOOK_METHOD } from './webhook.status';

export type WebhookEvent = VocabularyValue<typeof WEBHOOK_EVENT>;
export type WebhookMethod = VocabularyValue<typeof WEBHOOK_METHOD>;

/**
 * A store's webhook as the api returns it. The auth header's value is a secret: it is kept
 * encrypted and never returned; `has_auth_secret` says whether one is saved, so a form can show
 * "saved" and leave the field blank (an update that leaves it out or empty keeps it).
 */
export interface WebhookDto {
  id: number;
  uuid: string;
  company_id: number;
  store_id: number;
  name: string;
  event: WebhookEvent;
  method: WebhookMethod;
  url: string;
  /** The receiver wants an auth header on every call (`auth_header_name: <secret value>`). */
  requires_auth: boolean;
  /** E.g. `Authorization` or `X-Api-Key`; null when no auth is required. */
  auth_header_name: string | null;
  has_auth_secret: boolean;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export const WEBHOOK_URL_MESSAGES = {
  scheme: 'The url must start with http:// or https://.',
  invalid: 'The url must be a valid URL.',
  privateTarget: 'The url must not point to a private or local network address.',
  unresolved: 'The url host could not be resolved.',
} as const;

/** The header used when `requires_auth` is on and no name is given. */
export const DEFAULT_WEBHOOK_AUTH_HEADER = 'Authorization';

const required = (field: string) => `The ${field} field is required.`;
const tooLong = (field: string, max: number) => `The ${field} may not be greater than ${max} characters.`;

/**
 * The browser-side url check (and the server's first one): http or https, and a URL that parses
 * with a host. The server then refuses private and local targets (webhook-url-guard.ts).
 */
export function webhookUrlProblem(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return WEBHOOK_URL_MESSAGES.scheme;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return WEBHOOK_URL_MESSAGES.scheme;
    return parsed.hostname ? null : WEBHOOK_URL_MESSAGES.invalid;
  } catch {
    return WEBHOOK_URL_MESSAGES.invalid;
  }
}

const vocabularyField = <V extends string>(values: readonly V[], field: string) =>
  z.enum(values as [V, ...V[]], {
    error: (issue) => (issue.input === undefined ? required(field) : `The selected ${field} is invalid.`),
  });

/** RFC 9110 token characters: what an HTTP header name may contain. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const webhookFields = {
  name: z
    .string({ error: required('name') })
    .trim()
    .min(1, required('name'))
    .max(120, tooLong('name', 120)),
  event: vocabularyField(WEBHOOK_EVENT.values, 'event'),
  method: vocabularyField(WEBHOOK_METHOD.values, 'method'),
  url: z
    .string({ error: required('url') })
    .trim()
    .min(1, required('url'))
    .max(2048, tooLong('url', 2048))
    .superRefine((value, context) => {
      const problem = value ? webhookUrlProblem(value) : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  requires_auth: z.boolean({ error: 'The requires auth field must be true or false.' }),
  auth_header_name: z
    .string()
    .trim()
    .max(100, tooLong('auth header name', 100))
    .regex(HEADER_NAME, 'The auth header name may only contain letters, digits and - _ . characters.')
    .or(z.literal(''))
    .nullish(),
  // Line breaks would let a value smuggle extra headers into the call.
  auth_header_value: z
    .string()
    .max(4000, tooLong('auth header value', 4000))
    .regex(/^[^\r\n]*$/, 'The auth header value may not contain line breaks.')
    .nullish(),
  is_active: z.boolean({ error: 'The is active field must be true or false.' }),
};

/**
 * `POST stores/{storeId}/webhooks`. With `requires_auth`, `auth_header_value` is required (the
 * header name defaults to Authorization); without it, saved auth is cleared.
 */
export const createWebhookSchema = z.object({
  ...webhookFields,
  method: webhookFields.method.default('POST'),
  requires_auth: webhookFields.requires_auth.default(false),
  is_active: webhookFields.is_active.default(true),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** `PUT stores/{storeId}/webhooks/{id}`: the same fields, each optional (absent keeps the saved value). */
export const updateWebhookSchema = z.object(webhookFields).partial();
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

export const webhookStatusSchema = z.object({
  is_active: z.boolean({ error: 'The is active field must be true or false.' }),
});
export type WebhookStatusInput = z.infer<typeof webhookStatusSchema>;

export const WEBHOOK_AUTH_VALUE_REQUIRED =
  'The auth header value field is required when requires auth is on.';
