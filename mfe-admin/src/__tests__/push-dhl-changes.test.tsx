import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/src/table/testing/fetch-routes';

import { renderPage, sessionUser } from './render-page';

const GLOBEX = {
  id: 2,
  uuid: '00000002-0000-4000-8000-000000000000',
  name: 'Globex',
  owner_name: 'Olivia Owner',
  owner_email: 'olivia@acme.test',
  stores_count: 1,
  channels_count: 1,
  plugins_count: 0,
  webhooks_count: 0,
  creation_source: 'register',
  plan_name: null,
  is_active: true,
  account: null,
  created_at: '2026-11-01T09:30:00Z',
};

describe('Push DHL changes (companies screen)', () => {
  it('administrators push after confirming and read how many couriers changed', async () => {
    const api = stubFetch({
      'GET /companies': listBody([GLOBEX]),
      'POST /companies/:id/pushDHLChanges': { body: { data: { updated: 3 } } },
    });
    renderPage('/companies', sessionUser({ administrator: true }));
    const row = (await screen.findByText('Globex')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Push DHL changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Push DHL changes to Globex?').length).toBeGreaterThan(0);
    expect(api.calls('POST', '/companies/2/pushDHLChanges')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Push' }));
    await waitFor(() => expect(api.calls('POST', '/companies/2/pushDHLChanges')).toHaveLength(1));
    expect(await screen.findByText('DHL changes pushed: 3 couriers updated.')).toBeInTheDocument();
  });

  it('is not offered to other users', async () => {
    stubFetch({ 'GET /companies': listBody([GLOBEX]) });
    renderPage('/companies');
    const row = (await screen.findByText('Globex')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Push DHL changes' })).not.toBeInTheDocument();
  });
});
