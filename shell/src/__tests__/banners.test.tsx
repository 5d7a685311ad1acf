import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '@syncdesk/web-kit';
import { NavigationProgress } from '../navigation/NavigationProgress';
import { beginNavigationProgress } from '../navigation/navigationProgress.store';
import { installBroadcastChannel } from './support/broadcastChannelPolyfill';
import { stubFetch } from './support/fakeApi';
import { serverEmits } from '@syncdesk/web-kit/testing/fake-socket';
import { NO_BANNER_ACCOUNT, sessionUser } from './support/fixtures';
import { renderShell } from './support/renderShell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));
jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

installBroadcastChannel();

const FLAG = 'syncdesk.limited-account-dialog';

function withAccount(account: object) {
  return stubFetch({
    'GET /api/accounts-system/company': { status: 200, body: { data: { ...NO_BANNER_ACCOUNT, ...account } } },
    'GET /api/companies': { status: 200, body: { data: [], meta: { total: 0 } } },
  });
}

beforeEach(() => {
  localStorage.clear();
  act(() => useSessionStore.getState().reset());
});

afterEach(() => jest.useRealTimers());

describe('account banner', () => {
  it('counts a trial down with a Purchase subscription button', async () => {
    withAccount({ status: 1, expired_date: { days: 3, hours: 4, minutes: 5 } });
    await renderShell('/', { token: 't', user: sessionUser() });

    const banner = await screen.findByTestId('account-banner');
    expect(banner).toHaveTextContent('Your trial ends in 3 days 4 hours 5 minutes');
    expect(within(banner).getByRole('link', { name: 'Purchase subscription' })).toHaveAttribute(
      'href',
      'https://billing.example/manage',
    );
  });

  it('shows the credit of a plan with a Manage subscription button', async () => {
    withAccount({ status: 3, has_plan: true, plan_name: 'Pro', credit: 1234.5 });
    await renderShell('/', { token: 't', user: sessionUser() });

    const banner = await screen.findByTestId('account-banner');
    expect(banner).toHaveTextContent(/Remaining credit: £1,234\.50/);
    expect(within(banner).getByRole('link', { name: 'Manage subscription' })).toBeInTheDocument();
  });

  it('shows no banner for status 3 without a plan', async () => {
    const requests = withAccount({});
    await renderShell('/', { token: 't', user: sessionUser() });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/accounts-system/company')).toBe(true));
    expect(screen.queryByTestId('account-banner')).not.toBeInTheDocument();
  });
});

describe('limited-account dialog', () => {
  it('counts down each second, closes itself at zero and sets the flag false', async () => {
    jest.useFakeTimers();
    withAccount({ status: 4 });
    await renderShell('/', { token: 't', user: sessionUser() });

    expect(await screen.findByTestId('limited-account-countdown')).toHaveTextContent('closes in 60 seconds');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('limited-account-countdown')).toHaveTextContent('closes in 59 seconds');
    act(() => jest.advanceTimersByTime(59_000));

    await waitFor(() => expect(screen.queryByTestId('limited-account-dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(FLAG)).toBe('false');
  });

  it('sets the flag false when closed by hand', async () => {
    withAccount({ status: 4 });
    await renderShell('/', { token: 't', user: sessionUser() });

    await screen.findByTestId('limited-account-dialog');
    await act(async () =>
      fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement),
    );
    expect(localStorage.getItem(FLAG)).toBe('false');
  });

  it('stays away once the flag is false, except on an order detail page', async () => {
    localStorage.setItem(FLAG, 'false');
    const requests = withAccount({ status: 4 });
    await renderShell('/stores', { token: 't', user: sessionUser() });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/accounts-system/company')).toBe(true));
    expect(screen.queryByTestId('limited-account-dialog')).not.toBeInTheDocument();
  });

  it('shows on an order detail page even with the flag false', async () => {
    localStorage.setItem(FLAG, 'false');
    withAccount({ status: 4 });
    await renderShell('/orders/1/2', { token: 't', user: sessionUser() });
    expect(await screen.findByTestId('limited-account-dialog')).toBeInTheDocument();
  });

  it('is never shown to administrators', async () => {
    const requests = withAccount({ status: 4 });
    await renderShell('/', { token: 't', user: sessionUser({ administrator: true }) });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/accounts-system/company')).toBe(true));
    expect(screen.queryByTestId('limited-account-dialog')).not.toBeInTheDocument();
  });
});

describe('system alert banner', () => {
  it('shows the latest announcement until dismissed', async () => {
    withAccount({});
    await renderShell('/', { token: 't', user: sessionUser() });

    act(() => serverEmits('system:announcement', { id: 1, message: 'First', at: '2030-01-01T00:00:00Z' }));
    act(() =>
      serverEmits('system:announcement', {
        id: 2,
        message: 'Maintenance at 22:00 UTC',
        at: '2030-01-01T00:01:00Z',
      }),
    );

    const banner = await screen.findByTestId('system-alert-banner');
    expect(banner).toHaveTextContent('Maintenance at 22:00 UTC');
    expect(banner).not.toHaveTextContent('First');
    await act(async () => fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' })));
    await waitFor(() => expect(screen.queryByTestId('system-alert-banner')).not.toBeInTheDocument());
  });
});

describe('navigation progress', () => {
  it('appears only after the throttle and gives up after the maximum duration', () => {
    jest.useFakeTimers();
    render(<NavigationProgress />);
    let done: () => void = () => undefined;
    act(() => {
      done = beginNavigationProgress();
    });

    act(() => jest.advanceTimersByTime(199));
    expect(screen.queryByTestId('navigation-progress')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('navigation-progress')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4800));
    expect(screen.queryByTestId('navigation-progress')).not.toBeInTheDocument();
    act(() => done());
  });

  it('never shows for a load faster than the throttle', () => {
    jest.useFakeTimers();
    render(<NavigationProgress />);
    act(() => {
      const done = beginNavigationProgress();
      jest.advanceTimersByTime(150);
      done();
    });
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByTestId('navigation-progress')).not.toBeInTheDocument();
  });
});
