import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '@syncdesk/web-kit';
import { installBroadcastChannel } from './support/broadcastChannelPolyfill';
import { deferredAnswer, stubFetch, type FakeAnswer } from './support/fakeApi';
import { NO_BANNER_ACCOUNT, sessionUser, tokenResponse } from './support/fixtures';
import { currentLocation, navigateTo, renderShell } from './support/renderShell';
import { redirectTargetFrom } from '../guards/redirectTarget';

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

function signInApi(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'POST /api/auth/signIn': tokenResponse('token-ann'),
    'POST /api/me': { status: 200, body: { data: ANN } },
    'GET /api/accounts-system/company': { status: 200, body: { data: NO_BANNER_ACCOUNT } },
    'GET /api/companies': { status: 200, body: { data: [], meta: { total: 0 } } },
    ...overrides,
  });
}

async function submitSignIn(email = 'ann@example.com', password = 'correct horse') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
}

beforeEach(() => {
  localStorage.clear();
  act(() => useSessionStore.getState().reset());
});

describe('login guard', () => {
  it('sends a signed-out visitor to /login and remembers the wanted path, but not / itself', async () => {
    signInApi();
    await renderShell('/orders/1/2?tab=items');

    expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent('/orders/1/2?tab=items')}`);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();

    await navigateTo('/');
    expect(currentLocation()).toBe('/login');
  });

  it('fetches the user for a stored token before showing the page', async () => {
    const requests = signInApi();
    await renderShell('/', { token: 'stored-token' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
    const me = requests.find((request) => request.path === '/api/me');
    expect(me?.headers.Authorization).toBe('Bearer stored-token');
  });

  it('ends a stored session the server no longer accepts and goes to login', async () => {
    signInApi({
      'POST /api/me': { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } },
    });
    await renderShell('/stores', { token: 'revoked' });

    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fstores'));
    expect(localStorage.getItem('syncdesk.auth.token')).toBeNull();
  });
});

describe('sign-in', () => {
  it('stores the token, fetches the user (a plain spinner meanwhile, no card) and goes to the remembered safe path', async () => {
    const me = deferredAnswer();
    const requests = signInApi({ 'POST /api/me': () => me.answer });
    await renderShell(`/login?redirect=${encodeURIComponent('/stores/4')}`);

    await submitSignIn();

    // While the user loads, the guest page's card is gone: no empty 'Syncdesk' card flashes.
    await waitFor(() => expect(requests.some((request) => request.path === '/api/me')).toBe(true));
    expect(screen.getByTestId('session-loading')).toBeInTheDocument();
    expect(document.querySelector('.ant-card')).toBeNull();
    expect(screen.queryByText('Syncdesk')).not.toBeInTheDocument();

    await act(async () => me.release({ status: 200, body: { data: ANN } }));

    await waitFor(() => expect(currentLocation()).toBe('/stores/4'));
    expect(localStorage.getItem('syncdesk.auth.token')).toBe('token-ann');
    expect(useSessionStore.getState().user).toEqual(ANN);
    const signIn = requests.find((request) => request.path === '/api/auth/signIn');
    expect(signIn?.body).toEqual({ email: 'ann@example.com', password: 'correct horse' });
    expect(requests.map((request) => request.path).indexOf('/api/me')).toBeGreaterThan(
      requests.indexOf(signIn as (typeof requests)[number]),
    );
  });

  it('ignores an unsafe redirect and goes to /', async () => {
    signInApi();
    await renderShell(`/login?redirect=${encodeURIComponent('//evil.com')}`);

    await submitSignIn();

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
  });

  // The guard and the form both follow redirectTargetFrom, so the other unsafe shapes need no page.
  it.each(['//evil.com', 'https://evil.com', '/a b'])('treats the redirect %s as unsafe', (target) => {
    expect(redirectTargetFrom(`?redirect=${encodeURIComponent(target)}`)).toBe('/');
  });

  it('checks the e-mail before calling the server, shows throttling verbatim inline, and wrong credentials once', async () => {
    const throttled = 'Too many login attempts. Please try again in 42 seconds.';
    const wrong = 'These credentials do not match our records.';
    const answers: FakeAnswer[] = [
      { status: 429, body: { message: throttled, error: 'too_many_requests' } },
      { status: 422, body: { message: wrong, error: 'validation', errors: { email: [wrong] } } },
    ];
    const requests = signInApi({ 'POST /api/auth/signIn': () => answers.shift() ?? { status: 500 } });
    await renderShell('/login-admin');
    expect(screen.getByRole('heading', { name: 'Administrator sign-in' })).toBeInTheDocument();

    await submitSignIn('not-an-email', 'x');
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await submitSignIn();
    expect((await screen.findByText(throttled)).closest('[role="alert"]')).not.toBeNull();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(currentLocation()).toBe('/login-admin');
    expect(localStorage.getItem('syncdesk.auth.token')).toBeNull();

    await submitSignIn();
    // Under the field only: the same sentence above the form would say it twice.
    expect(await screen.findAllByText(wrong)).toHaveLength(1);
    expect(screen.queryByText(throttled)).not.toBeInTheDocument();
  });
});

describe('guest and admin guards', () => {
  it('sends a signed-in user from a guest page to /, and a non-administrator from each admin area to /', async () => {
    signInApi();
    await renderShell('/register-admin', { token: 'token-ann', user: ANN });

    expect(currentLocation()).toBe('/');
    expect(screen.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();

    for (const path of ['/stats', '/adminSettings', '/adminNotifications', '/integrationErrors']) {
      await navigateTo(path);
      expect(currentLocation()).toBe('/');
    }
  });

  it('lets an administrator into the admin area (the remote loads there)', async () => {
    signInApi();
    await renderShell('/stats', { token: 'token-admin', user: sessionUser({ administrator: true }) });

    expect(currentLocation()).toBe('/stats');
    expect(screen.getByTestId('remote-area-loading')).toBeInTheDocument();
  });
});

describe('register', () => {
  async function fillRegister(phone: string) {
    const values: Record<string, string> = {
      'Company name': 'Acme Ltd',
      Name: 'Ann Baker',
      Email: 'ann@example.com',
      Phone: phone,
      Password: 'long enough password',
      'Confirm password': 'long enough password',
    };
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
  }

  it("rejects an invalid phone with 'Please enter a valid phone number.' without calling the server, then registers, signs in and goes to /", async () => {
    const requests = signInApi({ 'POST /api/auth/register': { ...tokenResponse('token-new'), status: 201 } });
    await renderShell('/register-admin');

    await fillRegister('12ab');

    expect(await screen.findByText('Please enter a valid phone number.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await fillRegister('+44 20 7946 0958');

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(requests.find((request) => request.path === '/api/auth/register')?.body).toMatchObject({
      company_name: 'Acme Ltd',
      phone: '+44 20 7946 0958',
    });
    expect(localStorage.getItem('syncdesk.auth.token')).toBe('token-new');
  });
});

describe('password reset', () => {
  it('asks for a link and shows the catalogue text', async () => {
    signInApi({ 'POST /api/auth/resetPassword': { status: 200, body: { message: 'sent' } } });
    await renderShell('/restore');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' })));

    expect(
      await screen.findByText(
        'Password reset link sent. If you do not receive an e-mail within 24 hours, please contact support.',
      ),
    ).toBeInTheDocument();
  });

  it("sends the link's token with the new password and shows the server's refusal", async () => {
    const requests = signInApi({
      'POST /api/auth/resetPasswordConfirm': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          error: 'validation',
          errors: { token: ['This password reset link is invalid or has expired.'] },
        },
      },
    });
    await renderShell('/password/reset?token=abc123');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'new password 1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset password' })));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    expect(requests[0]?.body).toEqual({
      token: 'abc123',
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
  });
});

describe('e-mail verification', () => {
  it('verifies the link and says so', async () => {
    const requests = signInApi({ 'POST /api/auth/verifyEmail': { status: 200, body: { data: {} } } });
    await renderShell('/auth/verify-email/12/tok-en');

    expect(await screen.findByText('E-mail address verified successfully.')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ id: 12, token: 'tok-en' });
  });

  it('shows the catalogue text when it fails', async () => {
    signInApi({
      'POST /api/auth/verifyEmail': {
        status: 422,
        body: { message: 'Your e-mail address could not be verified.', error: 'validation' },
      },
    });
    await renderShell('/auth/verify-email/12/bad');

    expect(await screen.findByText('Your e-mail address could not be verified.')).toBeInTheDocument();
  });
});

describe('invitation', () => {
  const preview = {
    email: 'bob@example.com',
    company_name: 'Globex',
    role_name: 'Packer',
    existing_user: false,
  };

  it('shows company and role, creates the account, signs in and goes to /', async () => {
    const requests = signInApi({
      'GET /api/invitations/verify/inv-1': { status: 200, body: { data: preview } },
      'POST /api/invitations/accept/inv-1': tokenResponse('token-bob'),
    });
    await renderShell('/invitations/accept?token=inv-1');

    expect(await screen.findByText('Globex', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Packer')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('bob@example.com');
    expect(screen.getByLabelText('Email')).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bob' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'bob password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'bob password 1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' })));

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(requests.find((request) => request.path === '/api/invitations/accept/inv-1')?.body).toEqual({
      existing_user: false,
      name: 'Bob',
      email: 'bob@example.com',
      password: 'bob password 1',
      password_confirmation: 'bob password 1',
    });
    expect(localStorage.getItem('syncdesk.auth.token')).toBe('token-bob');
  });

  it('asks an existing user for their password only', async () => {
    signInApi({
      'GET /api/invitations/verify/inv-2': {
        status: 200,
        body: { data: { ...preview, existing_user: true } },
      },
    });
    await renderShell('/invitations/accept?token=inv-2');

    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password')).not.toBeInTheDocument();
  });

  it('says when the invitation is no longer valid', async () => {
    signInApi();
    await renderShell('/invitations/accept?token=gone');
    expect(await screen.findByText('This invitation is invalid or has expired.')).toBeInTheDocument();
  });
});
