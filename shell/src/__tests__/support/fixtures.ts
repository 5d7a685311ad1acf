import type { CompanyAccountDto, SessionUser } from '@syncdesk/contracts';

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    name: 'Ann Baker',
    company: 'Acme Ltd',
    company_id: 3,
    email: 'ann@example.com',
    administrator: false,
    support_hash: null,
    stores: [{ id: 1, name: 'Main store' }],
    scope: [
      'dashboard.read',
      'products.read',
      'orders.read',
      'customers.read',
      'stores.read',
      'channels.read',
      'logs.read',
    ],
    has_notification: false,
    ...overrides,
  };
}

export const NO_BANNER_ACCOUNT: CompanyAccountDto = {
  status: 3,
  has_plan: false,
  plan_name: null,
  credit: null,
  expired_date: null,
  manage_url: 'https://billing.example/manage',
};

export function tokenResponse(token: string) {
  return { status: 200, body: { data: { token, expires_at: '2030-01-01T00:00:00.000Z' } } };
}
