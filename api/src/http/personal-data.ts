import { AppError, type FieldErrors } from './app-error';
import type { ListQueryInput, ListQuerySpec } from './list-query';
import type { RequestScope } from './request-scope';

/** `jane.doe@example.com` → `j*******@example.com`: enough to tell two apart, not to contact anyone. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '*'.repeat(Math.max(3, email.length));
  return `${email[0]}${'*'.repeat(Math.max(3, at - 1))}${email.slice(at)}`;
}

/** Keeps the last two digits: `+44 20 7946 0958` → `**********58`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(3, digits.length - 2))}${digits.slice(-2)}`;
}

/** Names and addresses are replaced whole. */
export function maskText(value: string): string {
  return value ? '*****' : value;
}

/**
 * The data-protection permission (spec §6): for a role holding it, personal data in a response is
 * masked. Services call this on every field that carries personal data before returning a DTO.
 */
export function protectPersonalData<T extends string | null | undefined>(
  scope: Pick<RequestScope, 'dataProtection'>,
  value: T,
  kind: 'email' | 'phone' | 'name' | 'address',
): T {
  if (!scope.dataProtection || value === null || value === undefined) return value;
  const text = value as string;
  const masked = kind === 'email' ? maskEmail(text) : kind === 'phone' ? maskPhone(text) : maskText(text);
  return masked as T;
}

/** Why a data-protection role's list query was refused (a search or filter on personal data). */
export const PERSONAL_DATA_QUERY_MESSAGE =
  'Your role hides personal data, so this list cannot be searched or filtered by names, e-mails, phones or addresses.';

const BRACKET_FIELD = /^([^[\]]+)\[[^[\]]+\]$/;

/**
 * The list's query spec as `viewer` may use it. For a data-protection role the fields holding
 * personal data are masked in the rows, so a search or filter on them would tell what the mask
 * hides (searching an e-mail and reading `meta.total` says whether that person bought): a plain
 * `search` covers only the fields it may see, and naming a personal field (`searchBy`, a filter),
 * or searching a list whose every search field is personal, is a 422 in plain words. Sorting stays:
 * it changes no total and matches nobody. Other viewers get the spec unchanged.
 */
export function visibleListSpec<ModelAttributes>(
  viewer: Pick<RequestScope, 'dataProtection'>,
  spec: ListQuerySpec<ModelAttributes>,
  personalFields: readonly string[],
  query: ListQueryInput,
): ListQuerySpec<ModelAttributes> {
  if (!viewer.dataProtection) return spec;
  const personal = new Set(personalFields);
  const named = (value: ListQueryInput[string]) =>
    (Array.isArray(value) ? value : [value]).some((name) => name !== undefined && personal.has(name));
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(query)) {
    const field = BRACKET_FIELD.exec(key)?.[1] ?? key;
    if (personal.has(field)) errors[key] = [PERSONAL_DATA_QUERY_MESSAGE];
    else if ((key === 'searchBy' || key === 'filterBy') && named(value)) {
      errors[key] = [PERSONAL_DATA_QUERY_MESSAGE];
    }
  }
  const search = spec.search?.filter((field) => !personal.has(field));
  if (query.search !== undefined && (spec.search?.length ?? 0) > 0 && search?.length === 0) {
    errors.search = [PERSONAL_DATA_QUERY_MESSAGE];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors, PERSONAL_DATA_QUERY_MESSAGE);
  return {
    ...spec,
    filters: Object.fromEntries(Object.entries(spec.filters).filter(([field]) => !personal.has(field))),
    ...(search === undefined ? {} : { search }),
  };
}
