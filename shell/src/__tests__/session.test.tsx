import { act, screen, waitFor } from '@testing-library/react';
import { apiClient, useSessionStore } from '@syncdesk/web-kit';
import { installBroadcastChannel, otherTab } from './support/broadcastChannelPolyfill';
import { stubFetch } from './support/fakeApi';
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
  it('other errors: the red notification, the page stays; 403: the notification, then /; 401: reset and /login', async () => {
    api({
      'DELETE /api/roles/4': {
        status: 422,
        body: { message: 'You can not delete this role', error: 'validation' },
      },
      'GET /api/roles': {
        status: 403,
        body: { message: 'This action is unauthorized.', error: 'forbidden' },
      },
      'GET /api/stores': { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } },
    });
    await renderShell('/channels', { token: 'token-ann', user: ANN });

    // A notification lives for 3 s, so each is looked for as soon as the call has settled: on a
    // busy machine a later look could come after it has gone.
    await act(async () => {
      await apiClient.delete('/roles/4').catch(() => undefined);
    });
    expect(screen.getByText('You can not delete this role')).toBeInTheDocument();
    expect(currentLocation()).toBe('/channels');

    await act(async () => {
      await apiClient.get('/roles').catch(() => undefined);
    });
    expect(screen.getByText('This action is unauthorized.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(useSessionStore.getState().token).toBe('token-ann');

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
});

describe('other tabs and devices', () => {
  it('ignores malformed messages; a company switch in another tab: this tab takes the token, refetches the user and goes to /', async () => {
    const globex = sessionUser({ company: 'Globex', company_id: 7 });
    const requests = api({ 'POST /api/me': { status: 200, body: { data: globex } } });
    await renderShell('/stores', { token: 'token-acme', user: ANN });
    const tab = otherTab();

    await act(async () => tab.post({ type: 'company-switched' }));
    expect(currentLocation()).toBe('/stores');
    expect(useSessionStore.getState().token).toBe('token-acme');

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

  it("session:ended right after another tab's logout: /login at once, without asking /me with the dead token", async () => {
    const requests = api({
      'POST /api/me': { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } },
    });
    await renderShell('/stores', { token: 'token-ann', user: ANN });

    // The other tab has cleared the shared stored token; its broadcast has not arrived yet.
    localStorage.removeItem('syncdesk.auth.token');
    await act(async () => serverEmits('session:ended', { userId: ANN.id }));

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null });
    expect(requests.some((request) => request.path === '/api/me')).toBe(false);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it("session:ended right after another tab's company switch: this tab takes the new token, never asking /me with the old one", async () => {
    const globex = sessionUser({ company: 'Globex', company_id: 7 });
    const requests = api({ 'POST /api/me': { status: 200, body: { data: globex } } });
    await renderShell('/stores', { token: 'token-acme', user: ANN });

    localStorage.setItem('syncdesk.auth.token', 'token-globex');
    await act(async () => serverEmits('session:ended', { userId: ANN.id }));

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(useSessionStore.getState().token).toBe('token-globex');
    const asked = requests.filter((request) => request.path === '/api/me');
    expect(asked.map((request) => request.headers.Authorization)).toEqual(['Bearer token-globex']);
  });

  it('session:ended from another browser: a token that still works stays, one that no longer works ends the session', async () => {
    let meStatus = 200;
    const requests = api({
      'POST /api/me': () =>
        meStatus === 200
          ? { status: 200, body: { data: ANN } }
          : { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } },
    });
    await renderShell('/stores', { token: 'token-ann', user: ANN });

    await act(async () => serverEmits('session:ended', { userId: ANN.id }));
    await waitFor(() => expect(requests.some((request) => request.path === '/api/me')).toBe(true));
    // Let that answer be read to the end (one task), so the next event asks again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(currentLocation()).toBe('/stores');
    expect(useSessionStore.getState().token).toBe('token-ann');

    meStatus = 401;
    await act(async () => serverEmits('session:ended', { userId: ANN.id }));

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(useSessionStore.getState().token).toBeNull();
  });
});
