import { useCallback, useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { matchPath, useLocation } from 'react-router';
import {
  COMPANY_ACCOUNT_STATUS,
  ROUTE_PATTERNS,
  type CompanyAccountDto,
  type SessionUser,
} from '@syncdesk/contracts';
import { quietApiClient, formatMoney } from '@syncdesk/web-kit';
import { LimitedAccountDialog } from './LimitedAccountDialog';
import { readLimitedAccountDialogFlag, writeLimitedAccountDialogFlag } from './limitedAccountDialogFlag';

const TRIAL = COMPANY_ACCOUNT_STATUS.byKey('trial').value;
const LIMITED = COMPANY_ACCOUNT_STATUS.byKey('limited').value;

/** The banner re-reads the account on every route change; a failed read must not pop a red notification each time. */
const bannerClient = quietApiClient;

const MINUTE_MS = 60_000;

type TimeLeft = NonNullable<CompanyAccountDto['expired_date']>;

function timeLeftUntil(deadline: number, now: number): TimeLeft {
  const minutesLeft = Math.max(0, Math.floor((deadline - now) / MINUTE_MS));
  return {
    days: Math.floor(minutesLeft / (24 * 60)),
    hours: Math.floor((minutesLeft % (24 * 60)) / 60),
    minutes: minutesLeft % 60,
  };
}

export function trialText({ days, hours, minutes }: TimeLeft): string {
  return `Your trial ends in ${days} days ${hours} hours ${minutes} minutes`;
}

/** Counts the trial down each minute from what the server said at the last route change. */
function TrialBanner({ expiredDate, manageUrl }: { expiredDate: TimeLeft; manageUrl: string }) {
  // One clock reading for both: read twice, a busy machine's millisecond between them showed one
  // minute less than the server said.
  const [mountedAt] = useState(() => Date.now());
  const [deadline] = useState(
    () => mountedAt + ((expiredDate.days * 24 + expiredDate.hours) * 60 + expiredDate.minutes) * MINUTE_MS,
  );
  const [now, setNow] = useState(mountedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <Alert
      banner
      type="info"
      title={trialText(timeLeftUntil(deadline, now))}
      action={
        <Button size="small" type="primary" href={manageUrl} target="_blank" rel="noopener noreferrer">
          Purchase subscription
        </Button>
      }
    />
  );
}

function isOrderDetail(pathname: string): boolean {
  return matchPath(ROUTE_PATTERNS.orderDetail, pathname) !== null;
}

/**
 * The account banner of the default layout (spec §4): `GET /accounts-system/company` on every route
 * change; a trial shows its countdown with Purchase subscription, a plan its credit with Manage
 * subscription, and a limited account the blocking dialog to non-administrators (while the local
 * flag is true, and always on an order's detail page; closing it sets the flag false).
 */
export function AccountBanner({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  const [account, setAccount] = useState<CompanyAccountDto | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    bannerClient
      .get<{ data: CompanyAccountDto }>('/accounts-system/company', undefined, { signal: controller.signal })
      .then((response) => {
        setAccount(response.data);
        const limited = response.data.status === LIMITED && !user.administrator;
        setDialogOpen(limited && (readLimitedAccountDialogFlag() || isOrderDetail(pathname)));
      })
      // The previous banner stays; the next route change asks again.
      .catch(() => undefined);
    return () => controller.abort();
  }, [pathname, user.administrator, user.company_id]);

  const closeDialog = useCallback(() => {
    writeLimitedAccountDialogFlag(false);
    setDialogOpen(false);
  }, []);

  if (!account) return null;
  return (
    <>
      {account.status === TRIAL && account.expired_date ? (
        <div data-testid="account-banner">
          <TrialBanner
            // A new answer restarts the countdown from the server's figures.
            key={JSON.stringify(account.expired_date)}
            expiredDate={account.expired_date}
            manageUrl={account.manage_url}
          />
        </div>
      ) : account.status !== LIMITED && account.has_plan ? (
        <div data-testid="account-banner">
          <Alert
            banner
            type="success"
            title={`Remaining credit: ${formatMoney(account.credit ?? 0)}`}
            action={
              <Button size="small" href={account.manage_url} target="_blank" rel="noopener noreferrer">
                Manage subscription
              </Button>
            }
          />
        </div>
      ) : null}
      {dialogOpen && <LimitedAccountDialog manageUrl={account.manage_url} onClose={closeDialog} />}
    </>
  );
}
