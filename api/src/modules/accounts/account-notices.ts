import type { CompanyAccountDto } from '@syncdesk/contracts';

/** A notice about the company's account, derived from its state (nothing is stored but "read"). */
export interface AccountNoticeDto {
  /** Stable per kind of notice: `trial-ending`, `account-limited`, `credit-low`. */
  id: string;
  /** NOTIFICATION_LEVEL: 0 info, 1 warning, 2 error. */
  level: 0 | 1 | 2;
  message: string;
  /** Notices are daily: each day's copy starts unread. */
  created_at: string;
  read: boolean;
}

const LOW_CREDIT_GBP = 10;

export function accountNotices(
  account: CompanyAccountDto,
  readAt: Date | null,
  now = new Date(),
): AccountNoticeDto[] {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const read = readAt !== null && readAt >= today;
  const notice = (id: string, level: 0 | 1 | 2, message: string): AccountNoticeDto => ({
    id,
    level,
    message,
    created_at: today.toISOString(),
    read,
  });
  if (account.status === 4) {
    return [
      notice('account-limited', 2, 'Your account is limited. Choose a plan to keep your channels in sync.'),
    ];
  }
  if (account.status === 1 && account.expired_date) {
    const { days } = account.expired_date;
    const when = days === 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`;
    return [notice('trial-ending', days <= 3 ? 1 : 0, `Your trial ends ${when}.`)];
  }
  if (account.has_plan && account.credit !== null && account.credit < LOW_CREDIT_GBP) {
    return [notice('credit-low', 1, 'Your plan credit is running low.')];
  }
  return [];
}
