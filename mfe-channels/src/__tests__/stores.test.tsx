import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import {
  buttonByText,
  findHeading,
  findPopover,
  queryButtonByText,
  renderPage,
  sessionUser,
} from './render-page';

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

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Stores', () => {
  it('lists stores with the shared tag and e-mails, sorts, and deletes only after confirmation', async () => {
    const api = stubFetch({
      'GET /stores': listBody([OWN, SHARED], 2),
      'DELETE /stores/:id': { status: 204 },
      'POST /me': { body: { data: sessionUser() } },
    });
    renderPage('/stores');
    const partner = await rowOf('Partner Shop');
    expect(within(partner).getByText('Shared')).toBeInTheDocument();
    expect(queryButtonByText('Delete', partner)).not.toBeInTheDocument();
    expect(buttonByText('View', partner)).toBeInTheDocument();
    expect(screen.getByText('ops@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Total 2')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Created'));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('sort_by')).toBe('created_at'));

    fireEvent.click(buttonByText('Delete', await rowOf('Acme Web')));
    const popup = await findPopover('Delete Acme Web?');
    expect(api.calls('DELETE', '/stores/11')).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', '/stores/11')).toHaveLength(1));
  });

  it('create: Name is marked required; Enter adds a notification e-mail (validated), not a submit; the body carries the list', async () => {
    const api = stubFetch({
      'POST /stores/create': validationError({ name: ['The name has already been taken.'] }),
    });
    renderPage('/stores/create');
    expect(await findHeading('Create store')).toBeInTheDocument();
    expect(screen.getByText('Name', { selector: 'label' })).toHaveClass('ant-form-item-required');
    const emails = screen.getByLabelText('Notification e-mails');
    fireEvent.change(emails, { target: { value: 'not-an-email' } });
    fireEvent.keyDown(emails, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    fireEvent.change(emails, { target: { value: ' Orders@Acme.test ' } });
    fireEvent.keyDown(emails, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const list = (await screen.findByText('orders@acme.test')).closest('[role="list"]');
    expect(list).toHaveAttribute('aria-label', 'Notification e-mails');
    expect(emails).toHaveValue('');
    expect(api.calls('POST', '/stores/create')).toHaveLength(0);

    const create = buttonByText('Create store');
    fireEvent.click(create);
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme Web' } });
    fireEvent.click(create);
    expect(await screen.findByText('The name has already been taken.')).toBeInTheDocument();
    expect(api.calls('POST', '/stores/create')[0]?.body).toEqual({
      name: 'Acme Web',
      storeNotifications: ['orders@acme.test'],
    });
  });

  it('create: a notification e-mail typed but not added stops the save with a word, never dropped', async () => {
    const api = stubFetch({ 'POST /stores/create': { status: 201, body: { data: OWN } } });
    renderPage('/stores/create');
    expect(await findHeading('Create store')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme Web' } });
    fireEvent.change(screen.getByLabelText('Notification e-mails'), { target: { value: 'orders@acme' } });
    // Enter in the Name field submits the form, with the address still typed below.
    fireEvent.submit(screen.getByLabelText('Name').closest('form')!);
    expect(
      await screen.findByText(
        'orders@acme was not added: The email must be a valid email address. Correct it or clear it.',
      ),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/stores/create')).toHaveLength(0);
    expect(screen.getByLabelText('Notification e-mails')).toHaveValue('orders@acme');

    fireEvent.change(screen.getByLabelText('Notification e-mails'), { target: { value: '' } });
    fireEvent.click(buttonByText('Create store'));
    await waitFor(() => expect(api.calls('POST', '/stores/create')).toHaveLength(1));
    expect(api.calls('POST', '/stores/create')[0]?.body).toEqual({
      name: 'Acme Web',
      storeNotifications: [],
    });
  });

  const PARTNER = { id: 2, uuid: '7f1c0d52-9a4e-4f0b-8c61-2b1d3e4f5a6b', name: 'Partner Ltd' };

  it('edit: saves with PUT; the webhooks card says there are none and offers to add one', async () => {
    const api = stubFetch({
      'GET /stores/:id': { body: { data: OWN } },
      'PUT /stores/:id': { body: { data: OWN } },
      'GET /stores/:id/sharedCompanies': listBody([PARTNER]),
      'GET /stores/:id/webhooks': listBody([]),
    });
    renderPage('/stores/11');
    expect(await findHeading('Acme Web')).toBeInTheDocument();
    fireEvent.click(await screen.findByLabelText('Remove ops@acme.test'));
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(api.calls('PUT', '/stores/11')).toHaveLength(1));
    expect(api.calls('PUT', '/stores/11')[0]?.body).toEqual({ name: 'Acme Web', storeNotifications: [] });

    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    fireEvent.click(buttonByText('Add webhook'));
    expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/webhooks/create');
  });

  it('edit: the shared-companies card adds a company by UUID and removes one after confirmation', async () => {
    const api = stubFetch({
      'GET /stores/:id': { body: { data: OWN } },
      'GET /stores/:id/sharedCompanies': listBody([PARTNER]),
      'GET /stores/:id/webhooks': listBody([]),
      'POST /stores/:id/shareCompany': { status: 201, body: { data: PARTNER } },
      'DELETE /stores/:id/shareCompany/:companyId': { status: 204 },
    });
    renderPage('/stores/11');
    const partnerRow = await rowOf('Partner Ltd');
    const uuid = screen.getByLabelText('Company UUID');
    fireEvent.change(uuid, { target: { value: 'nope' } });
    fireEvent.click(buttonByText('Share'));
    expect(await screen.findByText('The company uuid must be a valid UUID.')).toBeInTheDocument();
    fireEvent.change(uuid, { target: { value: PARTNER.uuid } });
    fireEvent.click(buttonByText('Share'));
    await waitFor(() =>
      expect(api.calls('POST', '/stores/11/shareCompany')[0]?.body).toEqual({ company_uuid: PARTNER.uuid }),
    );

    fireEvent.click(buttonByText('Remove', partnerRow));
    const popup = await findPopover('Stop sharing with Partner Ltd?');
    expect(api.calls('DELETE', '/stores/11/shareCompany/2')).toHaveLength(0);
    fireEvent.click(buttonByText('Remove', popup));
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
    expect(queryButtonByText('Save')).not.toBeInTheDocument();
    expect(queryButtonByText('Delete')).not.toBeInTheDocument();
    expect(screen.queryByText('Shared with companies')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });
});
