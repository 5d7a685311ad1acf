import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { buttonByText, renderPage, sessionUser } from './render-page';

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

// That other users are not offered it is checked with the other administrator actions in
// companies.test.tsx ('other users: no administrator actions …').
describe('Push DHL changes (companies screen)', () => {
  it('administrators push after confirming and read how many couriers changed', async () => {
    const api = stubFetch({
      'GET /companies': listBody([GLOBEX]),
      'POST /companies/:id/pushDHLChanges': { body: { data: { updated: 3 } } },
    });
    renderPage('/companies', sessionUser({ administrator: true }));
    fireEvent.click(await screen.findByLabelText('Actions for Globex'));
    fireEvent.click(within(await screen.findByRole('menu')).getByText('Push DHL changes'));
    const [title] = await screen.findAllByText('Push DHL changes to Globex?');
    const dialog = title?.closest('.ant-modal') as HTMLElement;
    expect(api.calls('POST', '/companies/2/pushDHLChanges')).toHaveLength(0);
    fireEvent.click(buttonByText('Push', dialog));
    await waitFor(() => expect(api.calls('POST', '/companies/2/pushDHLChanges')).toHaveLength(1));
    expect(await screen.findByText('DHL changes pushed: 3 couriers updated.')).toBeInTheDocument();
  });
});
