import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/src/table/testing/fetch-routes';

import { renderPage, sessionUser } from './render-page';

function store(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name,
    company_id: 1,
    shared: false,
    storeNotifications: [{ id: 1, email: 'ops@acme.test' }],
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

const OWN = store(11, 'Acme Web');
const SHARED = store(12, 'Partner Shop', { company_id: 2, shared: true, storeNotifications: [] });

describe('Stores', () => {
  it('lists stores with the shared tag and notification e-mails', async () => {
    const api = stubFetch({ 'GET /stores': listBody([OWN, SHARED], 2) });
    renderPage('/stores');
    const partner = (await screen.findByText('Partner Shop')).closest('tr') as HTMLElement;
    expect(within(partner).getByText('Shared')).toBeInTheDocument();
    expect(within(partner).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(partner).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(screen.getByText('ops@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Total 2')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Created'));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('sort_by')).toBe('created_at'));
  });

  it('deletes a store only after confirmation', async () => {
    const api = stubFetch({
      'GET /stores': listBody([OWN]),
      'DELETE /stores/:id': { status: 204 },
      'POST /me': { body: { data: sessionUser() } },
    });
    renderPage('/stores');
    const row = (await screen.findByText('Acme Web')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const popup = (await screen.findByText('Delete Acme Web?')).closest('.ant-popover') as HTMLElement;
    expect(api.calls('DELETE', '/stores/11')).toHaveLength(0);
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE', '/stores/11')).toHaveLength(1));
  });

  it('create: Enter adds a notification e-mail (validated), not a submit; the body carries the list', async () => {
    const api = stubFetch({
      'POST /stores/create': validationError({ name: ['The name has already been taken.'] }),
    });
    renderPage('/stores/create');
    const emails = await screen.findByLabelText('Notification e-mails');
    fireEvent.change(emails, { target: { value: 'not-an-email' } });
    fireEvent.keyDown(emails, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    fireEvent.change(emails, { target: { value: ' Orders@Acme.test ' } });
    fireEvent.keyDown(emails, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const list = await screen.findByRole('list', { name: 'Notification e-mails' });
    expect(within(list).getByText('orders@acme.test')).toBeInTheDocument();
    expect(emails).toHaveValue('');
    expect(api.calls('POST', '/stores/create')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Create store' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme Web' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create store' }));
    expect(await screen.findByText('The name has already been taken.')).toBeInTheDocument();
    expect(api.calls('POST', '/stores/create')[0]?.body).toEqual({
      name: 'Acme Web',
      storeNotifications: ['orders@acme.test'],
    });
  });

  it('edit: saves with PUT; the shared-companies card adds by UUID and removes after confirmation', async () => {
    const partner = { id: 2, uuid: '7f1c0d52-9a4e-4f0b-8c61-2b1d3e4f5a6b', name: 'Partner Ltd' };
    const api = stubFetch({
      'GET /stores/:id': { body: { data: OWN } },
      'PUT /stores/:id': { body: { data: OWN } },
      'GET /stores/:id/sharedCompanies': listBody([partner]),
      'GET /stores/:id/webhooks': listBody([]),
      'POST /stores/:id/shareCompany': { status: 201, body: { data: partner } },
      'DELETE /stores/:id/shareCompany/:companyId': { status: 204 },
    });
    renderPage('/stores/11');
    await screen.findByText('Partner Ltd');
    fireEvent.click(screen.getByRole('button', { name: 'Remove ops@acme.test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT', '/stores/11')).toHaveLength(1));
    expect(api.calls('PUT', '/stores/11')[0]?.body).toEqual({ name: 'Acme Web', storeNotifications: [] });

    const uuid = screen.getByLabelText('Company UUID');
    fireEvent.change(uuid, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('The company uuid must be a valid UUID.')).toBeInTheDocument();
    fireEvent.change(uuid, { target: { value: partner.uuid } });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(api.calls('POST', '/stores/11/shareCompany')[0]?.body).toEqual({ company_uuid: partner.uuid }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const popup = (await screen.findByText('Stop sharing with Partner Ltd?')).closest(
      '.ant-popover',
    ) as HTMLElement;
    expect(api.calls('DELETE', '/stores/11/shareCompany/2')).toHaveLength(0);
    fireEvent.click(within(popup).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.calls('DELETE', '/stores/11/shareCompany/2')).toHaveLength(1));
  });

  it('a store shared with us opens read-only', async () => {
    const api = stubFetch({ 'GET /stores/:id': { body: { data: SHARED } } });
    renderPage('/stores/12');
    expect(
      await screen.findByText(
        'This store is shared with your company by another company, so it is read-only here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByText('Shared with companies')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });
});
