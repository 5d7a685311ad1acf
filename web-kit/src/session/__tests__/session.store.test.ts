import type { SessionUser } from '@syncdesk/contracts';

import { SESSION_TOKEN_STORAGE_KEY, useSessionStore } from '../session.store';

const user: SessionUser = {
  id: 1,
  name: 'Ann',
  company: 'Acme',
  company_id: 3,
  email: 'ann@example.com',
  administrator: false,
  support_hash: null,
  stores: [{ id: 1, name: 'Main' }],
  scope: ['orders.read'],
  has_notification: false,
};

describe('useSessionStore', () => {
  afterEach(() => useSessionStore.getState().reset());

  it('uses the documented storage key', () => {
    expect(SESSION_TOKEN_STORAGE_KEY).toBe('syncdesk.auth.token');
  });

  it('persists the token in localStorage and removes it when cleared', () => {
    useSessionStore.getState().setToken('abc');
    expect(useSessionStore.getState().token).toBe('abc');
    expect(localStorage.getItem('syncdesk.auth.token')).toBe('abc');

    useSessionStore.getState().setToken(null);
    expect(localStorage.getItem('syncdesk.auth.token')).toBeNull();
  });

  it('keeps the user in memory only', () => {
    useSessionStore.getState().setUser(user);
    expect(useSessionStore.getState().user).toEqual(user);
    expect(JSON.stringify({ ...localStorage })).not.toContain('ann@example.com');
  });

  it('reset clears token, user and storage', () => {
    useSessionStore.getState().setToken('abc');
    useSessionStore.getState().setUser(user);
    useSessionStore.getState().reset();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('syncdesk.auth.token')).toBeNull();
  });

  it('restores the token from storage when the page loads', async () => {
    localStorage.setItem('syncdesk.auth.token', 'from-last-visit');
    jest.resetModules();
    const reloaded = await import('../session.store');
    expect(reloaded.useSessionStore.getState().token).toBe('from-last-visit');
    localStorage.clear();
  });
});
