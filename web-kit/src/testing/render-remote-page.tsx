import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { SessionUser } from '@syncdesk/contracts';
import { useCurrentStoreFromLocation } from '../session/current-store';
import { useSessionStore } from '../session/session.store';
import { NotificationBridge } from '../feedback/NotificationBridge';

/**
 * Test helper (not exported from the package index): renders a remote's `./routes` for a signed-in
 * user, with the current path in `data-testid="location"` so tests can follow navigation.
 */
export function createRemotePageRenderer(routes: RouteObject[], scopes: string[]) {
  /** The `POST /me` user, holding every permission the remote checks. */
  function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
    return {
      id: 7,
      name: 'Olivia Owner',
      company: 'Acme Ltd',
      company_id: 1,
      email: 'olivia@acme.test',
      administrator: false,
      support_hash: null,
      stores: [{ id: 11, name: 'Acme Web' }],
      scope: scopes,
      has_notification: false,
      ...overrides,
    };
  }

  function Routes() {
    const location = useLocation();
    // As the shell's layout does: a link naming a store makes it the current store.
    useCurrentStoreFromLocation();
    return (
      <>
        {useRoutes(routes)}
        <output data-testid="location">{location.pathname}</output>
      </>
    );
  }

  function renderPage(path: string, user: SessionUser | null = sessionUser()) {
    useSessionStore.setState({ token: 'test-token', user });
    // No motion: antd's open/close animations only add waiting (and timers) in jsdom. No runtime
    // styles: Testing Library reads computed styles for every role query, and jsdom matches each
    // lookup against all of antd's injected CSS — most of a page test's time on a busy machine.
    return render(
      <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>
        {/* As the shell does: notices appear at once, not through antd's lazily made static holder. */}
        <NotificationBridge />
        <MemoryRouter initialEntries={[path]}>
          <Routes />
        </MemoryRouter>
      </ConfigProvider>,
    );
  }

  return { sessionUser, renderPage };
}
