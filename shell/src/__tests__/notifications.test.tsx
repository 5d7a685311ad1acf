import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '@syncdesk/web-kit';
import { installBroadcastChannel } from './support/broadcastChannelPolyfill';
import { stubFetch, type FakeRoutes } from './support/fakeApi';
import { serverEmits } from '@syncdesk/web-kit/testing/fake-socket';
import { NO_BANNER_ACCOUNT, sessionUser } from './support/fixtures';
import { currentLocation, renderShell } from './support/renderShell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));
jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

installBroadcastChannel();

const IMPORT_DONE = {
  id: 51,
  level: 1,
  status: 0,
  title: 'Import finished',
  message: 'products.csv: 48 rows imported, 2 rows failed.',
  link: '/products/12?transfer=0b8e7c1a',
  created_at: '2026-11-24T09:31:00.000Z',
};

function api(routes: FakeRoutes = {}) {
  return stubFetch({
    'GET /api/accounts-system/company': { status: 200, body: { data: NO_BANNER_ACCOUNT } },
    'GET /api/companies': { status: 200, body: { data: [], meta: { total: 0 } } },
    ...routes,
  });
}

async function openAccountMenu() {
  await act(async () => fireEvent.click(screen.getByTestId('top-bar-user')));
  await waitFor(() => expect(document.querySelector('.ant-dropdown-menu')).not.toBeNull());
  return document.querySelector('.ant-dropdown-menu') as HTMLElement;
}

beforeEach(() => {
  localStorage.clear();
  act(() => useSessionStore.getState().reset());
});

describe('in-app notifications in the shell', () => {
  it('shows an arriving notification in the snackbar, single line, and opens its link', async () => {
    let unread = 0;
    const requests = api({
      'GET /api/notifications/stats': () => ({ status: 200, body: { data: { unread } } }),
      'GET /api/notifications': { status: 200, body: { data: [IMPORT_DONE], meta: { total: 1 } } },
    });
    await renderShell('/', { token: 't', user: sessionUser() });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/notifications/stats')).toBe(true));

    unread = 1;
    act(() => serverEmits('notification:created', { notificationId: 51, level: 1 }));
    const snackbar = await screen.findByTestId('notification-snackbar');
    expect(snackbar).toHaveTextContent('Import finished: products.csv: 48 rows imported, 2 rows failed.');
    expect(snackbar.style.whiteSpace).toBe('nowrap');
    expect(document.querySelector('.ant-notification-bottomRight')).not.toBeNull();
    const read = requests.find((r) => r.path === '/api/notifications');
    expect(new URLSearchParams(read?.query).get('id[eq]')).toBe('51');
    expect(new URLSearchParams(read?.query).get('show_all')).toBe('1');

    const notice = snackbar.closest('.ant-notification-notice') as HTMLElement;
    expect(within(notice).getByText('Close')).toBeInTheDocument();
    await act(async () => fireEvent.click(within(notice).getByText('Open')));
    expect(currentLocation()).toBe('/products/12?transfer=0b8e7c1a');
    await waitFor(() => expect(screen.queryByTestId('notification-snackbar')).not.toBeInTheDocument());
  });

  it("counts the unread ones on the account menu's Notifications entry, read again when the menu opens", async () => {
    let unread = 3;
    api({ 'GET /api/notifications/stats': () => ({ status: 200, body: { data: { unread } } }) });
    await renderShell('/', { token: 't', user: sessionUser() });
    let menu = within(await openAccountMenu());
    await waitFor(() => expect(menu.getByText('Notifications').closest('.ant-badge')).toHaveTextContent('3'));

    // Read elsewhere (the Notifications page): the next opening shows no count.
    unread = 0;
    await act(async () => fireEvent.click(screen.getByTestId('top-bar-user')));
    await act(async () => fireEvent.click(screen.getByTestId('top-bar-user')));
    menu = within(document.querySelector('.ant-dropdown-menu') as HTMLElement);
    await waitFor(() => expect(menu.getByText('Notifications').closest('.ant-badge')).toBeNull());
    await act(async () => fireEvent.click(menu.getByText('Notifications')));
    expect(currentLocation()).toBe('/notifications');
  });

  it('stays quiet when the notification is not readable here or the count fails', async () => {
    const requests = api({
      'GET /api/notifications/stats': { status: 500, body: { message: 'Boom' } },
      'GET /api/notifications': { status: 200, body: { data: [], meta: { total: 0 } } },
    });
    await renderShell('/', { token: 't', user: sessionUser() });
    act(() => serverEmits('notification:created', { notificationId: 77, level: 0 }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/notifications')).toBe(true));
    // Let the answer land before looking for what it would have shown.
    await act(async () => undefined);
    const menu = within(await openAccountMenu());
    expect(menu.getByText('Notifications').closest('.ant-badge')).toBeNull();
    expect(screen.queryByTestId('notification-snackbar')).not.toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });
});
