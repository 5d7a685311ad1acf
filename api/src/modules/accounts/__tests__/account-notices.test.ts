import type { CompanyAccountDto } from '@syncdesk/contracts';
import { accountNotices } from '../account-notices';

const base: CompanyAccountDto = {
  status: 3,
  has_plan: false,
  plan_name: null,
  credit: null,
  expired_date: null,
  manage_url: 'https://billing.example/manage',
};
const now = new Date('2026-11-22T15:00:00Z');

it('warns of a trial ending within three days, and only informs before that', () => {
  const soon = accountNotices(
    { ...base, status: 1, expired_date: { days: 2, hours: 3, minutes: 0 } },
    null,
    now,
  );
  expect(soon).toEqual([
    {
      id: 'trial-ending',
      level: 1,
      message: 'Your trial ends in 2 days.',
      created_at: '2026-11-22T00:00:00.000Z',
      read: false,
    },
  ]);
  const later = accountNotices(
    { ...base, status: 1, expired_date: { days: 9, hours: 0, minutes: 0 } },
    null,
    now,
  );
  expect(later[0]).toMatchObject({ level: 0, message: 'Your trial ends in 9 days.' });
});

it('tells a limited account to choose a plan, and a plan with little credit that it is low', () => {
  expect(accountNotices({ ...base, status: 4 }, null, now)[0]).toMatchObject({
    id: 'account-limited',
    level: 2,
  });
  expect(
    accountNotices({ ...base, has_plan: true, plan_name: 'Growth', credit: 4.5 }, null, now)[0],
  ).toMatchObject({
    id: 'credit-low',
  });
  expect(accountNotices({ ...base, has_plan: true, plan_name: 'Growth', credit: 250 }, null, now)).toEqual(
    [],
  );
  expect(accountNotices(base, null, now)).toEqual([]);
});

it('counts a notice as read only when it was read today', () => {
  const account: CompanyAccountDto = { ...base, status: 4 };
  expect(accountNotices(account, new Date('2026-11-22T08:00:00Z'), now)[0]!.read).toBe(true);
  expect(accountNotices(account, new Date('2026-11-21T23:59:00Z'), now)[0]!.read).toBe(false);
});
