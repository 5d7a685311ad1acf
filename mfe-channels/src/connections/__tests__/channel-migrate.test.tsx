import { fireEvent, screen, waitFor } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { buttonByText, choose, renderPage } from '../../__tests__/render-page';
import { connection, MANAGER, OTHER_STORE, STORE } from './connection-fixtures';

it('migrate: finds the channel company-wide, asks for a target, moves it and opens it there', async () => {
  const channel = { ...connection(), store_name: STORE.name };
  const api = stubFetch({
    'GET /companies/channels': listBody([channel]),
    'GET /stores': listBody([STORE, OTHER_STORE]),
    'PUT /stores/:id/channels/:id/migrate': { body: { data: { ...channel, store_id: 12 } } },
    'GET /stores/:id/channels/:id': { body: { data: { ...channel, store_id: 12 } } },
    'GET /stores/:id/channels/form/:type': { body: { data: [] } },
  });
  renderPage('/migrate/5', MANAGER);
  expect(await screen.findByText('Migrate Web shop')).toBeInTheDocument();
  const submit = buttonByText('Migrate channel');
  fireEvent.click(submit);
  expect(await screen.findByText('Choose a store or an API version to migrate to.')).toBeInTheDocument();
  expect(api.calls('PUT', '/stores/11/channels/5/migrate')).toHaveLength(0);

  await choose('Move to store', 'Acme EU');
  fireEvent.click(submit);
  await waitFor(() =>
    expect(api.calls('PUT', '/stores/11/channels/5/migrate')[0]?.body).toEqual({ store_id: 12 }),
  );
  expect(await screen.findByText('Channel migration completed successfully.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stores/12/channels/5'));
});
