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
