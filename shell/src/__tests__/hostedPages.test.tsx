import { act, screen } from '@testing-library/react';
import { ApiError, useSessionStore } from '@syncdesk/web-kit';
import { installBroadcastChannel } from './support/broadcastChannelPolyfill';
import { stubFetch } from './support/fakeApi';
import { NO_BANNER_ACCOUNT, sessionUser } from './support/fixtures';
import { renderShell } from './support/renderShell';
import { createApiErrorHandler } from '../session/apiErrorHandler';
import { isHostedVisitorPath } from '../guards/guestPaths';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));
jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

installBroadcastChannel();

const TOKEN = `hp_${'a'.repeat(43)}`;

beforeEach(() => {
  localStorage.clear();
  act(() => useSessionStore.getState().reset());
  stubFetch({
    'GET /api/accounts-system/company': { status: 200, body: { data: NO_BANNER_ACCOUNT } },
    'GET /api/companies': { status: 200, body: { data: [], meta: { total: 0 } } },
  });
});

describe('the hosted pages area', () => {
  it.each([
    [`/hostedPages/${TOKEN}`, 'hostedPage'],
    [`/hostedPages/${TOKEN}/channels/create/shopify`, 'hostedPage'],
    ['/hostedPages/redirecting', 'hostedPage'],
    ['/hostedPages/error', 'hostedPageError'],
    ['/integrations', 'integrations'],
    ['/integrations/etsy', 'integrations'],
  ])('opens %s without a login, in the %s layout', async (path, layout) => {
    await renderShell(path);
    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(document.querySelector(`[data-layout="${layout}"]`)).not.toBeNull();
    expect(screen.getByTestId('remote-area-loading')).toBeInTheDocument();
    // No navigation: the visitor has no account.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it.each(['/hostedPages', '/hostedPagesSettings'])(
    "keeps the seller's own %s behind the login",
    async (path) => {
      await renderShell(path);
      expect(screen.getByTestId('location')).toHaveTextContent(`/login?redirect=${encodeURIComponent(path)}`);
    },
  );

  it("shows the seller's list in the default layout when signed in", async () => {
    await renderShell('/hostedPages', { token: 't', user: sessionUser() });
    expect(screen.getByTestId('location')).toHaveTextContent('/hostedPages');
    expect(document.querySelector('[data-layout="hostedPage"]')).toBeNull();
  });
});

describe('a 401 on a hosted page', () => {
  const unauthenticated = () =>
    new ApiError({ status: 401, message: 'Token expired', error: 'unauthenticated' });

  it('goes to /hostedPages/error and leaves a signed-in session alone', () => {
    useSessionStore.setState({ token: 'seller-session', user: sessionUser() });
    const navigate = jest.fn();
    const handle = createApiErrorHandler({ navigate, currentPath: () => `/hostedPages/${TOKEN}/channels/4` });
    handle(unauthenticated());
    expect(navigate).toHaveBeenCalledWith('/hostedPages/error');
    expect(useSessionStore.getState().token).toBe('seller-session');
  });

  it('still ends the session on any other page', () => {
    useSessionStore.setState({ token: 'seller-session', user: sessionUser() });
    const navigate = jest.fn();
    createApiErrorHandler({ navigate, currentPath: () => '/hostedPages' })(unauthenticated());
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('knows which pages are a visitor’s', () => {
    expect(isHostedVisitorPath(`/hostedPages/${TOKEN}`)).toBe(true);
    expect(isHostedVisitorPath(`/hostedPages/${TOKEN}/connect/3/9`)).toBe(true);
    expect(isHostedVisitorPath('/hostedPages/redirecting')).toBe(true);
    expect(isHostedVisitorPath('/hostedPages/error')).toBe(false);
    expect(isHostedVisitorPath('/hostedPages')).toBe(false);
    expect(isHostedVisitorPath('/hostedPagesSettings')).toBe(false);
  });
});
