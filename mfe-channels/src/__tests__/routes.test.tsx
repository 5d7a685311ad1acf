import { screen } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/src/table/testing/fetch-routes';

import { renderPage } from './render-page';

const STORE = {
  id: 11,
  name: 'Acme Web',
  company_id: 1,
  shared: false,
  storeNotifications: [],
  created_at: '2026-11-20T10:00:00Z',
};

beforeEach(() => {
  stubFetch({
    'GET /stores': listBody([]),
    'GET /stores/:id': { body: { data: STORE } },
    'GET /stores/:id/sharedCompanies': listBody([]),
  });
});

it('/stores lists stores with an empty state and a call to action', async () => {
  renderPage('/stores');
  expect(screen.getByRole('heading', { level: 2, name: 'Stores' })).toBeInTheDocument();
  expect(await screen.findByText('No stores yet')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Create your first store' })).toBeInTheDocument();
});

it.each([
  ['/stores/create', 'Create store'],
  ['/stores/11', 'Acme Web'],
])('%s shows the "%s" form', async (path, title) => {
  renderPage(path);
  expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
});

// Transaction records are still a placeholder (channels: connections/__tests__).
it.each([['/transactionRecords', 'Transaction records', 'No transaction records yet']])(
  '%s shows the "%s" placeholder',
  (path, title, emptyText) => {
    renderPage(path);
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByText(emptyText)).toBeInTheDocument();
  },
);
