import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { WEBHOOK_AUTH_VALUE_REQUIRED, WEBHOOK_URL_MESSAGES } from '@syncdesk/contracts';
import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, choose, findPopover, renderPage } from '../../__tests__/render-page';

function webhook(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    uuid: 'a1b2c3d4-0000-4000-8000-000000000005',
    company_id: 1,
    store_id: 11,
    name: 'ERP orders',
    event: 'orders.received',
    method: 'POST',
    url: 'https://erp.acme.test/hooks/orders',
    requires_auth: true,
    auth_header_name: 'X-Api-Key',
    has_auth_secret: true,
    is_active: true,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

const STORE = {
  id: 11,
  name: 'Acme Web',
  company_id: 1,
  shared: false,
  storeNotifications: [],
  created_at: '2026-11-20T10:00:00Z',
};

describe('Webhook form', () => {
  it('create: checks the fields and asks for the auth value before sending anything', async () => {
    const api = stubFetch({
      'GET /stores/:id/webhooks': listBody([]),
      'GET /stores/:id': { body: { data: STORE } },
      'GET /stores/:id/sharedCompanies': listBody([]),
    });
    renderPage('/stores/11/webhooks/create');
    expect(await screen.findByText('Store: Acme Web')).toBeInTheDocument();

    const add = buttonByText('Add webhook');
    fireEvent.click(add);
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The event field is required.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'ftp://erp.acme.test/drop' } });
    expect(await screen.findByText(WEBHOOK_URL_MESSAGES.scheme)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://10.0.0.5/hook' } });

    expect(screen.queryByLabelText('Auth header value')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Requires auth'));
    expect(await screen.findByLabelText('Auth header name')).toHaveValue('Authorization');
    fireEvent.click(add);
    expect(await screen.findByText(WEBHOOK_AUTH_VALUE_REQUIRED)).toBeInTheDocument();
    expect(api.calls('POST', '/stores/11/webhooks')).toHaveLength(0);
  });

  it('create: shows the server url refusal on the field, then saves and returns to the store', async () => {
    const api = stubFetch({
      'GET /stores/:id/webhooks': listBody([]),
      'GET /stores/:id': { body: { data: STORE } },
      'GET /stores/:id/sharedCompanies': listBody([]),
      'POST /stores/:id/webhooks': validationError({ url: [WEBHOOK_URL_MESSAGES.privateTarget] }),
    });
    renderPage('/stores/11/webhooks/create');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'ERP orders' } });
    await choose('Event', 'Orders received');
    await choose('Method', 'PUT');
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://10.0.0.5/hook' } });
    fireEvent.click(screen.getByLabelText('Requires auth'));
    fireEvent.change(await screen.findByLabelText('Auth header value'), {
      target: { value: 'Bearer t0ken' },
    });

    const add = buttonByText('Add webhook');
    fireEvent.click(add);
    expect(await screen.findByText(WEBHOOK_URL_MESSAGES.privateTarget)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/webhooks/create');

    api.on('POST /stores/:id/webhooks', { status: 201, body: { data: webhook() } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://erp.acme.test/hook' } });
    fireEvent.click(add);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/stores\/11$/));
    expect(api.calls('POST', '/stores/11/webhooks').at(-1)?.body).toEqual({
      name: 'ERP orders',
      event: 'orders.received',
      method: 'PUT',
      url: 'https://erp.acme.test/hook',
      requires_auth: true,
      auth_header_name: 'Authorization',
      auth_header_value: 'Bearer t0ken',
      is_active: true,
    });
  });

  it("edits without resending a saved secret, deletes after confirmation, then lists the store's other webhooks and switches one off", async () => {
    const stockFeed = webhook({ id: 6, name: 'Stock feed', event: 'orders.received', requires_auth: false });
    const api = stubFetch({
      'GET /stores/:id/webhooks/:id': { body: { data: webhook() } },
      'PUT /stores/:id/webhooks/:id': { body: { data: webhook({ name: 'ERP orders v2' }) } },
      'DELETE /stores/:id/webhooks/:id': { status: 204 },
      'GET /stores/:id': { body: { data: STORE } },
      'GET /stores/:id/webhooks': listBody([stockFeed]),
      'GET /stores/:id/sharedCompanies': listBody([]),
      'PUT /stores/:id/webhooks/:id/status': { body: { data: { ...stockFeed, is_active: false } } },
    });
    renderPage('/stores/11/webhooks/5');
    const name = await screen.findByLabelText('Name');
    expect(await screen.findByText('A value is saved. Leave this blank to keep it.')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'ERP orders v2' } });
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(api.calls('PUT', '/stores/11/webhooks/5')).toHaveLength(1));
    expect(api.calls('PUT', '/stores/11/webhooks/5')[0]?.body).toMatchObject({
      name: 'ERP orders v2',
      auth_header_name: 'X-Api-Key',
      auth_header_value: null,
    });

    fireEvent.click(buttonByText('Delete'));
    const popup = await findPopover('Delete ERP orders v2?');
    expect(api.calls('DELETE', '/stores/11/webhooks/5')).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', '/stores/11/webhooks/5')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/stores\/11$/));

    // Back on the store: its webhooks card, what each sends where, switched off in place.
    const row = (await screen.findByText('Stock feed')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Orders received')).toBeInTheDocument();
    expect(within(row).getByText('https://erp.acme.test/hooks/orders')).toBeInTheDocument();
    fireEvent.click(within(row).getByLabelText('Active: Stock feed'));
    await waitFor(() =>
      expect(api.calls('PUT', '/stores/11/webhooks/6/status')[0]?.body).toEqual({ is_active: false }),
    );
    fireEvent.click(buttonByText('Edit', row));
    expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/webhooks/6');
  });
});
