import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/src/table/testing/fetch-routes';

import { renderPage, sessionUser } from './render-page';

const ROLES = [
  { id: 3, name: 'Manager', permissions: ['users.read'], is_default: true, users_count: 2 },
  { id: 4, name: 'Packer', permissions: [], is_default: false, users_count: 0 },
];
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

async function chooseRole(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
  fireEvent.click(await screen.findByTitle(name));
}

describe('Users', () => {
  it('lists users with role and verified tag', async () => {
    stubFetch({ 'GET /users': listBody([USER, { ...USER, id: 6, name: 'Vic', email_verified: true }], 2) });
    renderPage('/users');
    const uma = (await screen.findByText('Uma User')).closest('tr') as HTMLElement;
    expect(within(uma).getByText('Manager')).toBeInTheDocument();
    expect(within(uma).getByText('Unverified')).toBeInTheDocument();
    expect(
      within(screen.getByText('Vic').closest('tr') as HTMLElement).getByText('Verified'),
    ).toBeInTheDocument();
    expect(screen.getByText('Total 2')).toBeInTheDocument();
  });

  it("create: validates with the server's messages, posts to the first store and maps 422s", async () => {
    const api = stubFetch({
      'GET /roles': listBody(ROLES),
      'POST /users/:storeId/create': validationError({ email: ['The email has already been taken.'] }),
    });
    renderPage('/users/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The email field is required.')).toBeInTheDocument();
    expect(screen.getByText('The role field is required.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nina New' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'not-an-email' } });
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Nina@Acme.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret-123' } });
    await chooseRole('Packer');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
    expect(api.calls('POST', '/users/11/create')[0]?.body).toEqual({
      name: 'Nina New',
      email: 'nina@acme.test',
      password: 'secret-123',
      password_confirmation: 'secret-123',
      role_id: 4,
    });
  });

  it('create: without a store it explains and links to /stores/create', async () => {
    stubFetch({ 'GET /roles': listBody(ROLES) });
    renderPage('/users/create', sessionUser({ stores: [] }));
    expect(await screen.findByText('A store is needed first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a store' })).toHaveAttribute('href', '/stores/create');
    expect(screen.getByRole('button', { name: 'Create user' })).toBeDisabled();
  });

  it('invite: posts e-mail and role, says the invitation was sent and opens the invitations', async () => {
    const api = stubFetch({
      'GET /roles': listBody(ROLES),
      'GET /invitations': listBody([]),
      'POST /users/invitations/invite': {
        status: 201,
        body: { data: { id: 9, email: 'new@acme.test', role: { id: 3, name: 'Manager' } } },
      },
    });
    renderPage('/users/invite');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'new@acme.test' } });
    await chooseRole('Manager (default)');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent successfully.')).toBeInTheDocument();
    expect(api.calls('POST', '/users/invitations/invite')[0]?.body).toEqual({
      email: 'new@acme.test',
      role_id: 3,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/invitations'));
  });

  it('detail: verify, and delete only after confirmation', async () => {
    const api = stubFetch({
      'GET /roles': listBody(ROLES),
      'GET /users/:id': { body: { data: USER } },
      'GET /users': listBody([]),
      'PATCH /users/:id/verify': { body: { data: { ...USER, email_verified: true } } },
      'DELETE /users/:id': { status: 204 },
    });
    renderPage('/users/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('User verified successfully.')).toBeInTheDocument();
    expect(api.calls('PATCH', '/users/5/verify')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const popup = (await screen.findByText('Delete Uma User?')).closest('.ant-popover') as HTMLElement;
    expect(api.calls('DELETE', '/users/5')).toHaveLength(0);
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE', '/users/5')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
  });

  it('invitations: change a role, delete after confirmation', async () => {
    const invitation = {
      id: 9,
      email: 'new@acme.test',
      role: { id: 3, name: 'Manager' },
      created_at: '2026-11-20T10:00:00Z',
      expires_at: '2026-11-27T10:00:00Z',
      accepted_at: null,
    };
    const api = stubFetch({
      'GET /roles': listBody(ROLES),
      'GET /invitations': listBody([invitation]),
      'PUT /invitations/:id': { body: { data: { ...invitation, role: { id: 4, name: 'Packer' } } } },
      'DELETE /invitations/:id': { status: 204 },
    });
    renderPage('/invitations');
    expect(await screen.findByText('27 Nov 2026 10:00:00 UTC')).toBeInTheDocument();
    await screen.findByTitle('Manager (default)');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role of new@acme.test' }));
    fireEvent.click(await screen.findByTitle('Packer'));
    await waitFor(() => expect(api.calls('PUT', '/invitations/9')[0]?.body).toEqual({ role_id: 4 }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const popup = (await screen.findByText('Delete the invitation for new@acme.test?')).closest(
      '.ant-popover',
    ) as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE', '/invitations/9')).toHaveLength(1));
  });
});
