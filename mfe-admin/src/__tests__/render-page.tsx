import { StyleProvider } from '@ant-design/cssinjs';
import { render, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';

import { PERMISSION_NAMES, type SessionUser } from '@syncdesk/contracts';
import { NotificationBridge, useSessionStore } from '@syncdesk/web-kit';

import { routes } from '../routes';

/**
 * The owner's permissions: every one, without data protection (which takes away). Tests of what a
 * narrower user may do pass their own scope.
 */
export const ALL_SCOPES: string[] = PERMISSION_NAMES.filter((name) => name !== 'data_protection');

/** The `POST /me` user: Olivia Owner (id 7) of Acme Ltd, holding ALL_SCOPES unless overridden. */
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

/**
 * antd writes its styles (thousands of rules) into <style> tags, and jsdom's getComputedStyle
 * matches every rule against the element on every call: with them in the document one call took
 * ~250 ms on a busy machine, and antd's popups, rc-table and Testing Library's role queries make
 * many. Kept in an element outside the document, the styles are generated as usual but jsdom never
 * reads them. No assertion here depends on antd's stylesheet (visibility is not asserted).
 */
const STYLES_OUTSIDE_THE_DOCUMENT = document.createElement('div');

function Routes() {
  const location = useLocation();
  return (
    <>
      {useRoutes(routes)}
      <output data-testid="location">{location.pathname}</output>
    </>
  );
}

/**
 * This remote's pages for a signed-in user (ALL_SCOPES unless given), as web-kit's
 * createRemotePageRenderer renders them (current path in `data-testid="location"`, no motion),
 * plus two things of the shell: the notification bridge, so notices appear as in the app (at once,
 * not through antd's lazily created static holder), and antd's styles kept out of jsdom's way.
 */
export function renderPage(path: string, user: SessionUser | null = sessionUser()) {
  useSessionStore.setState({ token: 'test-token', user });
  return render(
    <StyleProvider container={STYLES_OUTSIDE_THE_DOCUMENT}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <NotificationBridge />
        <MemoryRouter initialEntries={[path]}>
          <Routes />
        </MemoryRouter>
      </ConfigProvider>
    </StyleProvider>,
  );
}

/**
 * A button by its text. getByRole('button', { name }) computes accessible names and visibility over
 * the whole antd tree, which is slow in jsdom; a button's text span is found directly.
 */
export function getButton(name: string, container: HTMLElement = document.body): HTMLButtonElement {
  const button = within(container).getByText(name, { selector: 'button > span' }).closest('button');
  if (!button) throw new Error(`No button "${name}"`);
  return button;
}

/** Whether a button with this text exists (in the container). */
export function hasButton(name: string, container: HTMLElement = document.body): boolean {
  return within(container).queryByText(name, { selector: 'button > span' }) !== null;
}
