import { screen } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { renderPage } from './render-page';

// The Notifications page listens for new ones; no socket leaves the test.
jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const ROLE = { id: 3, name: 'Manager', permissions: ['users.read'], is_default: true, users_count: 2 };
const USER = {
  id: 5,
  name: 'Uma User',
  email: 'uma@acme.test',
  phone: null,
  role: { id: 3, name: 'Manager' },
  email_verified: false,
  is_owner: false,
  created_at: '2026-11-20T10:00:00Z',
};

beforeEach(() => {
  stubFetch({
    'GET /companies': listBody([]),
    'GET /users': listBody([]),
    'GET /users/:id': { body: { data: USER } },
    'GET /invitations': listBody([]),
    'GET /roles': listBody([ROLE]),
    'GET /roles/:id': { body: { data: ROLE } },
  });
});

it.each([
  ['/companies', 'Companies', 'No companies yet'],
  ['/users', 'Users', 'No users yet'],
  ['/invitations', 'Invitations', 'No pending invitations'],
  ['/roles', 'Roles', 'Manager'],
])('%s shows the "%s" list', async (path, title, content) => {
  renderPage(path);
  expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  expect(await screen.findByText(content)).toBeInTheDocument();
});

it.each([
  ['/users/create', 'Create user'],
  ['/users/invite', 'Invite user'],
  ['/users/5', 'Uma User'],
  ['/roles/create', 'Create role'],
  ['/roles/3', 'Manager'],
  ['/settings', 'Settings'],
])('%s shows the "%s" page', async (path, title) => {
  renderPage(path);
  expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
});

it('/notifications shows the "Notifications" list', async () => {
  stubFetch({ 'GET /notifications': listBody([]) });
  renderPage('/notifications');
  expect(screen.getByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
  expect(await screen.findByText(/^No unread notifications\./)).toBeInTheDocument();
});
