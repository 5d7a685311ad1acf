import type { SessionUser } from '@syncdesk/contracts';

import { createFakeFetch } from '../../http/__tests__/fake-fetch';
import { setApiErrorHandler } from '../../http/api-client';
import { refreshSessionUser, signIn, signOut } from '../session.actions';
import { setSessionNavigator } from '../session.navigation';
import { useSessionStore } from '../session.store';
import { applySessionMessage } from '../useSessionSync';

jest.mock('socket.io-client', () => {
  const socket = {
    on: () => socket,
    off: () => socket,
    disconnect: () => socket,
    io: { on: () => undefined },
  };
  return { io: () => socket };
});

const user: SessionUser = {
  id: 1,
  name: 'Ann',
  company: 'Acme',
  company_id: 3,
  email: 'ann@example.com',
  administrator: false,
  support_hash: null,
  stores: [],
  scope: [],
  has_notification: false,
};

const visited: string[] = [];
const handled: unknown[] = [];

beforeEach(() => {
  visited.length = 0;
  handled.length = 0;
  setSessionNavigator((path) => visited.push(path));
  setApiErrorHandler((error) => handled.push(error));
  useSessionStore.getState().reset();
});

function answer(...replies: { status: number; body?: unknown }[]) {
  const queue = [...replies];
  const fake = createFakeFetch(() => queue.shift() ?? { status: 500 });
  global.fetch = fake.fetch;
  return fake.requests;
}

it('signIn stores the token, then fetches the user with it', async () => {
  const requests = answer(
    { status: 200, body: { data: { token: 'tok', expires_at: 'x' } } },
    { status: 200, body: { data: user } },
  );

  await expect(signIn('ann@example.com', 'secret')).resolves.toEqual(user);

  expect(requests.map((request) => request.url)).toEqual(['/api/auth/signIn', '/api/me']);
  expect(requests[1]?.headers.Authorization).toBe('Bearer tok');
  expect(useSessionStore.getState()).toMatchObject({ token: 'tok', user });
});

it('signIn rejects with the server error and tells nobody else (the form shows it)', async () => {
  answer({ status: 429, body: { message: 'Too many login attempts. Please try again in 9 seconds.' } });

  await expect(signIn('ann@example.com', 'secret')).rejects.toMatchObject({ status: 429 });
  expect(handled).toHaveLength(0);
  expect(useSessionStore.getState().token).toBeNull();
});

it('a token whose user cannot be fetched is dropped again', async () => {
  answer(
    { status: 200, body: { data: { token: 'tok', expires_at: 'x' } } },
    { status: 401, body: { message: 'no' } },
  );
  await expect(signIn('ann@example.com', 'secret')).rejects.toMatchObject({ status: 401 });
  expect(useSessionStore.getState().token).toBeNull();
});

it('refreshSessionUser resets the session on 401', async () => {
  useSessionStore.getState().setToken('dead');
  answer({ status: 401, body: { message: 'Unauthenticated.' } });
  await expect(refreshSessionUser()).rejects.toMatchObject({ status: 401 });
  expect(useSessionStore.getState().token).toBeNull();
});

it('signOut ignores a failing server and still resets and goes to /login', async () => {
  useSessionStore.getState().setToken('tok');
  useSessionStore.getState().setUser(user);
  sessionStorage.setItem('filters', 'x');
  answer({ status: 500 });

  await signOut();

  expect(useSessionStore.getState()).toMatchObject({ token: null, user: null });
  expect(sessionStorage.getItem('filters')).toBeNull();
  expect(visited).toEqual(['/login']);
  expect(handled).toHaveLength(0);
});

it('signOut ends the session here before the server revokes the token, and still signs that token out', async () => {
  useSessionStore.getState().setToken('tok');
  useSessionStore.getState().setUser(user);
  const atRequest: unknown[] = [];
  const fake = createFakeFetch(() => {
    // What another tab would see when the server announces session:ended.
    atRequest.push({
      token: useSessionStore.getState().token,
      stored: localStorage.getItem('syncdesk.auth.token'),
      visited: [...visited],
    });
    return { status: 204 };
  });
  global.fetch = fake.fetch;

  await signOut();

  expect(fake.requests.map((request) => request.url)).toEqual(['/api/auth/signOut']);
  expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  expect(atRequest).toEqual([{ token: null, stored: null, visited: ['/login'] }]);
});

it('applySessionMessage follows another tab', async () => {
  useSessionStore.getState().setToken('old');
  answer({ status: 200, body: { data: { ...user, company_id: 7 } } });

  applySessionMessage({ type: 'company-switched', token: 'new' });
  expect(useSessionStore.getState().token).toBe('new');
  expect(visited).toEqual(['/']);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(useSessionStore.getState().user?.company_id).toBe(7);

  applySessionMessage({ type: 'signed-out' });
  expect(useSessionStore.getState().token).toBeNull();
  expect(visited).toEqual(['/', '/login']);
});
