import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { SIDE_NAVIGATION, type SessionUser } from '@syncdesk/contracts';
import { useSessionStore } from '@syncdesk/web-kit';
import { findActiveNavigationItem } from '../navigation/navigationItems';
import { SideNavigation } from '../navigation/SideNavigation';
import { installBroadcastChannel, otherTab } from './support/broadcastChannelPolyfill';
import { stubFetch } from './support/fakeApi';
import { NO_BANNER_ACCOUNT, sessionUser, tokenResponse } from './support/fixtures';
import { currentLocation, renderShell, TEST_THEME } from './support/renderShell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));
jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

installBroadcastChannel();

const COMPANIES = [
  { id: 3, name: 'Acme Ltd' },
  { id: 7, name: 'Globex' },
];

function api(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/accounts-system/company': { status: 200, body: { data: NO_BANNER_ACCOUNT } },
    'GET /api/companies': { status: 200, body: { data: COMPANIES, meta: { total: 2 } } },
    ...overrides,
  });
}

function navigation() {
  return within(screen.getByTestId('side-navigation'));
}

function menuItem(label: string): HTMLElement {
  const item = navigation().getByText(label).closest('li');
  if (!item) throw new Error(`${label} is not a menu item`);
  return item;
}

beforeEach(() => {
  localStorage.clear();
  act(() => useSessionStore.getState().reset());
});

/** The drawer alone, for one user after another: its gating needs no page around it. */
function renderSideNavigation(path = '/') {
  let view: ReturnType<typeof render> | undefined;
  const tree = (user: SessionUser) => (
    <ConfigProvider theme={TEST_THEME}>
      <MemoryRouter initialEntries={[path]}>
        <SideNavigation user={user} />
      </MemoryRouter>
    </ConfigProvider>
  );
  return {
    async show(user: SessionUser) {
      await act(async () => {
        if (view) view.rerender(tree(user));
        else view = render(tree(user));
      });
    },
  };
}

describe('side navigation', () => {
  it('shows the items whose scope the user holds (list or map) plus the ones for everyone, Stats to administrators', async () => {
    const drawer = renderSideNavigation();

    await drawer.show(sessionUser({ scope: ['orders.read'] }));
    for (const label of ['Orders', 'Confirmation orders', 'Invoices', 'Rules']) {
      expect(navigation().getByText(label)).toBeInTheDocument();
    }
    for (const label of [
      'Dashboard',
      'Products',
      'Customers',
      'Stores',
      'Channels',
      'Transaction records',
      'Stats',
    ]) {
      expect(navigation().queryByText(label)).not.toBeInTheDocument();
    }

    await drawer.show(sessionUser({ scope: { 'stores.read': true, 'channels.read': 0 } }));
    expect(navigation().getByText('Stores')).toBeInTheDocument();
    expect(navigation().queryByText('Channels')).not.toBeInTheDocument();

    await drawer.show(sessionUser({ administrator: true }));
    expect(navigation().getByRole('link', { name: 'Stats' })).toHaveAttribute('href', '/stats');
  });

  it('disables store-bound items without stores and Helpdesk without a support hash; the header names the user', async () => {
    const drawer = renderSideNavigation();

    await drawer.show(sessionUser({ stores: [], support_hash: null }));
    for (const label of ['Products', 'Orders', 'Confirmation orders', 'Invoices', 'Customers']) {
      expect(menuItem(label)).toHaveAttribute('aria-disabled', 'true');
      expect(navigation().queryByRole('link', { name: label })).not.toBeInTheDocument();
    }
    for (const label of ['Dashboard', 'Stores', 'Channels', 'Rules', 'Transaction records']) {
      expect(navigation().getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(menuItem('Helpdesk')).toHaveAttribute('aria-disabled', 'true');
    expect(navigation().getByRole('link', { name: /User Guide/ })).toHaveAttribute('target', '_blank');
    const header = within(screen.getByTestId('side-navigation-header'));
    expect(header.getByText('Ann Baker')).toBeInTheDocument();
    expect(header.getByText('Acme Ltd')).toBeInTheDocument();
    expect(header.getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    // The helpdesk opens with the support hash as the request parameter.
    await drawer.show(sessionUser({ support_hash: 'h4sh' }));
    const link = navigation().getByRole('link', { name: /Helpdesk/ });
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('request')).toBe('h4sh');
  });

  it("marks Channels, not Stores, on a store's channel pages", async () => {
    const drawer = renderSideNavigation('/stores/4/channels/9/couriers');
    await drawer.show(sessionUser());

    expect(menuItem('Channels')).toHaveClass('ant-menu-item-selected');
    expect(menuItem('Stores')).not.toHaveClass('ant-menu-item-selected');
  });

  it.each([
    ['/', 'dashboard'],
    ['/orders/1/2', 'orders'],
    ['/products/1', 'products'],
    ['/products/', 'products'],
    ['/stores', 'stores'],
    ['/stores/4', 'stores'],
    ['/stores/4/webhooks/2', 'stores'],
    ['/stores/4/channels/9', 'channels'],
    ['/stores/4/channels/create/shopify', 'channels'],
    ['/stores/4/channels/9/pickups/3', 'channels'],
    ['/stores/4/pickups/3', 'channels'],
    ['/stores/4/accounting-channels/9', 'channels'],
    ['/stores/4/plugins/2/products', 'channels'],
    ['/migrate/4/9', 'channels'],
    ['/channels', 'channels'],
    ['/transactionRecords/stores/4/channels/9', 'transactionRecords'],
    ['/storesX', undefined],
    ['/users', undefined],
  ])('the most specific item is active on %s', (path, key) => {
    expect(findActiveNavigationItem(SIDE_NAVIGATION, path)?.key).toBe(key);
  });
});

describe('top bar', () => {
  async function openAccountMenu() {
    await act(async () => fireEvent.click(screen.getByTestId('top-bar-user')));
    await waitFor(() => expect(document.querySelector('.ant-dropdown-menu')).not.toBeNull());
    return document.querySelector('.ant-dropdown-menu') as HTMLElement;
  }

  it('shows the avatar letter, the name and the company, and gates the account menu by scope and administrator flag', async () => {
    api();
    await renderShell('/', { token: 't', user: sessionUser({ scope: ['users.read'] }) });
    const user = screen.getByTestId('top-bar-user');
    expect(user).toHaveTextContent('A');
    expect(user).toHaveTextContent('Ann Baker');
    expect(user).toHaveTextContent('Acme Ltd');
    expect(screen.getByTestId('side-navigation')).toBeInTheDocument();

    const menu = within(await openAccountMenu());

    for (const label of ['Companies', 'Users', 'Notifications', 'Settings', 'Hosted Pages', 'Logout']) {
      expect(menu.getByText(label)).toBeInTheDocument();
    }
    for (const label of ['Roles', 'Admin Settings', 'Admin Notifications']) {
      expect(menu.queryByText(label)).not.toBeInTheDocument();
    }
  });

  it('shows the admin entries to administrators and goes to the chosen page', async () => {
    api();
    await renderShell('/', {
      token: 't',
      user: sessionUser({ administrator: true, has_notification: true }),
    });
    const menu = within(await openAccountMenu());

    expect(menu.getByText('Admin Settings')).toBeInTheDocument();
    expect(
      menu.getByText('Admin Notifications').closest('.ant-badge')?.querySelector('.ant-badge-dot'),
    ).not.toBeNull();
    await act(async () => fireEvent.click(menu.getByText('Admin Settings')));
    expect(currentLocation()).toBe('/adminSettings');
  });

  it('logs out: the server is told, the session ends, other tabs hear of it, and the page is /login', async () => {
    const requests = api({ 'POST /api/auth/signOut': { status: 204 } });
    const tab = otherTab();
    await renderShell('/', { token: 'token-ann', user: sessionUser() });
    const menu = within(await openAccountMenu());

    await act(async () => fireEvent.click(menu.getByText('Logout')));

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(requests.find((request) => request.path === '/api/auth/signOut')?.headers.Authorization).toBe(
      'Bearer token-ann',
    );
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null });
    await waitFor(() => expect(tab.messages).toEqual([{ type: 'signed-out' }]));
    tab.close();
  });

  it('logs out locally even when the server call fails', async () => {
    api({ 'POST /api/auth/signOut': { status: 500, body: { message: 'Boom', error: 'server' } } });
    await renderShell('/', { token: 'token-ann', user: sessionUser() });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log out' })));

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(localStorage.getItem('syncdesk.auth.token')).toBeNull();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('switches company: new token, session-local keys cleared, user refetched, other tabs told, back to /', async () => {
    const globex = sessionUser({ company: 'Globex', company_id: 7 });
    const requests = api({
      'POST /api/auth/switchCompany/7': tokenResponse('token-globex'),
      'POST /api/me': { status: 200, body: { data: globex } },
    });
    const tab = otherTab();
    sessionStorage.setItem('orders.filters', '{"status":1}');
    await renderShell('/stores', { token: 'token-acme', user: sessionUser() });

    const switcher = screen.getByTestId('company-switcher');
    await waitFor(() => expect(requests.some((request) => request.path === '/api/companies')).toBe(true));
    expect(requests.find((request) => request.path === '/api/companies')?.query).toContain('per_page=100');
    await act(async () => fireEvent.mouseDown(within(switcher).getByRole('combobox')));
    await act(async () => fireEvent.click(await screen.findByTitle('Globex')));

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(localStorage.getItem('syncdesk.auth.token')).toBe('token-globex');
    expect(sessionStorage.getItem('orders.filters')).toBeNull();
    expect(screen.getByTestId('top-bar-user')).toHaveTextContent('Globex');
    const me = requests.filter((request) => request.path === '/api/me').at(-1);
    expect(me?.headers.Authorization).toBe('Bearer token-globex');
    await waitFor(() => expect(tab.messages).toEqual([{ type: 'company-switched', token: 'token-globex' }]));
    tab.close();
  });
});
