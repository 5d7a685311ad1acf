import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';

import type { SessionUser } from '@syncdesk/contracts';
import { useSessionStore } from '@syncdesk/web-kit';

import { routes } from '../routes';

export const ALL_SCOPES = [
  'stores.create',
  'stores.read',
  'stores.update',
  'stores.delete',
  'channels.read',
  'logs.read',
];

/** The `POST /me` user of IDENTITY_API.md, with every permission this remote checks. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: 'Olivia Owner',
    company: 'Acme Ltd',
    company_id: 1,
    email: 'olivia@acme.test',
    administrator: false,
    support_hash: null,
    stores: [{ id: 11, name: 'Acme Web' }],
    scope: ALL_SCOPES,
    has_notification: false,
    ...overrides,
  };
}

function Routes() {
  const location = useLocation();
  return (
    <>
      {useRoutes(routes)}
      <output data-testid="location">{location.pathname}</output>
    </>
  );
}

/** Renders this remote's routes at `path` for a signed-in user. */
export function renderPage(path: string, user: SessionUser | null = sessionUser()) {
  useSessionStore.setState({ token: 'test-token', user });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes />
    </MemoryRouter>,
  );
}
