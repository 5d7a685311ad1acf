import { act, screen } from '@testing-library/react';
import { useSessionStore } from '@syncdesk/web-kit';
import { installBroadcastChannel } from './support/broadcastChannelPolyfill';
import { stubFetch } from './support/fakeApi';
import { NO_BANNER_ACCOUNT, sessionUser } from './support/fixtures';
import { renderShell } from './support/renderShell';
import { COLOR_SCHEME_STORAGE_KEY } from '../theme/applyStoredColorScheme';
import { STORAGE_KEYS } from '@syncdesk/contracts';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));
jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

installBroadcastChannel();

beforeEach(() => {
  localStorage.clear();
  act(() => useSessionStore.getState().reset());
  stubFetch({
    'GET /api/accounts-system/company': { status: 200, body: { data: NO_BANNER_ACCOUNT } },
    'GET /api/companies': { status: 200, body: { data: [], meta: { total: 0 } } },
  });
});

it('shows the dashboard at / inside the default layout', async () => {
  await renderShell('/', { token: 't', user: sessionUser() });

  expect(screen.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Transaction records' })).toHaveAttribute(
    'href',
    '/transactionRecords',
  );
  expect(document.title).toBe('Dashboard · Syncdesk');
});

it("shows 'This page could not be found' for an unknown path, signed in or not", async () => {
  await renderShell('/no/such/page');
  expect(screen.getByText('This page could not be found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
});

it('mounts the owning remote for its top-level paths', async () => {
  await renderShell('/orders/1/2', { token: 't', user: sessionUser() });
  expect(screen.getByTestId('remote-area-loading')).toBeInTheDocument();
});

it('keeps the pre-paint colour key equal to the contracts key', () => {
  expect(COLOR_SCHEME_STORAGE_KEY).toBe(STORAGE_KEYS.colourScheme);
});
