import type { CompanyAccountDto } from '@syncdesk/contracts';
import type { Company } from '../../db/models';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The fields of a company row the account is derived from. */
export type AccountFields = Pick<Company, 'account_status' | 'plan_name' | 'credit' | 'trial_ends_at'>;

/** DECIMAL columns come back as strings from MySQL and as numbers from SQLite. */
export function creditOf(credit: number | string | null): number | null {
  return credit === null || credit === undefined ? null : Number(credit);
}

/** Whole days, hours and minutes left until `end` (never negative). */
export function timeLeft(end: Date, now: Date): NonNullable<CompanyAccountDto['expired_date']> {
  const left = Math.max(0, end.getTime() - now.getTime());
  return {
    days: Math.floor(left / DAY_MS),
    hours: Math.floor((left % DAY_MS) / HOUR_MS),
    minutes: Math.floor((left % HOUR_MS) / MINUTE_MS),
  };
}

/**
 * The account banner's state (spec §4), derived on every read so a trial ends on time without a
 * job flipping rows: a plan wins (3, has_plan); a trial in the future is 1 with the time left; a
 * trial that has passed without a plan — or a company explicitly marked limited — is 4; no plan
 * and no trial is the free plan (3, no banner).
 */
export function toAccountDto(company: AccountFields, manageUrl: string, now = new Date()): CompanyAccountDto {
  const base = { manage_url: manageUrl, expired_date: null };
  if (company.plan_name) {
    return {
      ...base,
      status: 3,
      has_plan: true,
      plan_name: company.plan_name,
      credit: creditOf(company.credit) ?? 0,
    };
  }
  const noPlan = { ...base, has_plan: false, plan_name: null, credit: null };
  if (company.trial_ends_at && company.trial_ends_at.getTime() > now.getTime()) {
    return { ...noPlan, status: 1, expired_date: timeLeft(company.trial_ends_at, now) };
  }
  if (company.trial_ends_at || company.account_status === 4) return { ...noPlan, status: 4 };
  return { ...noPlan, status: 3 };
}
