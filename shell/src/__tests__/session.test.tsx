import { act, screen, waitFor } from '@testing-library/react';
import { apiClient, useSessionStore } from '@syncdesk/web-kit';
import { installBroadcastChannel, otherTab } from './support/broadcastChannelPolyfill';
import { stubFetch } from './support/fakeApi';
import { serverEmits } from './support/fakeSocket';
import { NO_BANNER_ACCOUNT, sessionUser } from './support/fixtures';
import { currentLocation, renderShell } from './support/renderShell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));
jest.mock('socket.io-client', () => jest.requireActual('./support/fakeSocket').socketIoModule);

installBroadcastChannel();

const ANN = sessionUser();

function api(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/accounts-system/company': { status: 200, body: { data: NO_BANNER_ACCOUNT } },
    'GET /api/companies': { status: 200, body: { data: [], meta: { total: 0 } } },
    'POST /api/me': { status: 200, body: { data: ANN } },
    ...overrides,
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  act(() => useSessionStore.getState().reset());
});

describe('api error handling', () => {
  it('401: resets the session and goes to /login', async () => {
    api({
      'GET /api/stores': { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } },
    });
    await renderShell('/channels', { token: 'token-ann', user: ANN });

    await act(async () => {
      await apiClient.get('/stores').catch(() => undefined);
    });

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('syncdesk.auth.token')).toBeNull();
  });

  it('401 on a guest page changes nothing (the form shows its own error)', async () => {
    api({
      'GET /api/stores': { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } },
    });
    await renderShell('/restore');

    await act(async () => {
      await apiClient.get('/stores').catch(() => undefined);
    });

    expect(currentLocation()).toBe('/restore');
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('403: shows the notification, then goes to /', async () => {
    api({
      'GET /api/roles': {
        status: 403,
        body: { message: 'This action is unauthorized.', error: 'forbidden' },
      },
    });
    await renderShell('/channels', { token: 'token-ann', user: ANN });

    await act(async () => {
      await apiClient.get('/roles').catch(() => undefined);
    });

    expect(await screen.findByText('This action is unauthorized.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(useSessionStore.getState().token).toBe('token-ann');
  });

  it('other errors: the red notification with the server text, and the page stays', async () => {
    api({
      'DELETE /api/roles/4': {
        status: 422,
        body: { message: 'You can not delete this role', error: 'validation' },
      },
    });
    await renderShell('/channels', { token: 'token-ann', user: ANN });

    await act(async () => {
      await apiClient.delete('/roles/4').catch(() => undefined);
    });

    expect(await screen.findByText('You can not delete this role')).toBeInTheDocument();
    expect(currentLocation()).toBe('/channels');
  });
});

describe('other tabs and devices', () => {
  it('a company switch in another tab: this tab takes the token, refetches the user and goes to /', async () => {
    const globex = sessionUser({ company: 'Globex', company_id: 7 });
    const requests = api({ 'POST /api/me': { status: 200, body: { data: globex } } });
    await renderShell('/stores', { token: 'token-acme', user: ANN });
    const tab = otherTab();

    await act(async () => tab.post({ type: 'company-switched', token: 'token-globex' }));

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(useSessionStore.getState().token).toBe('token-globex');
    await waitFor(() => expect(screen.getByTestId('top-bar-user')).toHaveTextContent('Globex'));
    expect(requests.filter((request) => request.path === '/api/me').at(-1)?.headers.Authorization).toBe(
      'Bearer token-globex',
    );
    tab.close();
  });

  it('a logout in another tab: this tab resets and goes to /login', async () => {
    api();
    await renderShell('/stores', { token: 'token-ann', user: ANN });
    const tab = otherTab();

    await act(async () => tab.post({ type: 'signed-out' }));

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null });
    tab.close();
  });

  it('ignores malformed messages on the channel', async () => {
    api();
    await renderShell('/stores', { token: 'token-ann', user: ANN });
    const tab = otherTab();

    await act(async () => tab.post({ type: 'company-switched' }));

    expect(currentLocation()).toBe('/stores');
    expect(useSessionStore.getState().token).toBe('token-ann');
    tab.close();
  });

  it('session:ended from the server ends this session when its token no longer works', async () => {
    api({ 'POST /api/me': { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } } });
    await renderShell('/stores', { token: 'token-ann', user: ANN });

    await act(async () => serverEmits('session:ended', { userId: ANN.id }));

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('session:ended from another browser leaves a session whose token still works', async () => {
    const requests = api();
    await renderShell('/stores', { token: 'token-ann', user: ANN });

    await act(async () => serverEmits('session:ended', { userId: ANN.id }));

    await waitFor(() => expect(requests.some((request) => request.path === '/api/me')).toBe(true));
    expect(currentLocation()).toBe('/stores');
    expect(useSessionStore.getState().token).toBe('token-ann');
  });
});
