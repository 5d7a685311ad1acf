import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { formatMessage, SUCCESS_MESSAGES } from '@syncdesk/contracts';
import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, queryButtonByText, renderPage, sessionUser } from './render-page';

const ROLES = [
  { id: 3, name: 'Manager', permissions: ['users.read'], is_default: true, users_count: 2 },
  { id: 4, name: 'Packer', permissions: [], is_default: false, users_count: 0 },
  {
    id: 5,
    name: 'Administrator',
    permissions: ['users.read', 'orders.delete'],
    is_default: false,
    users_count: 1,
  },
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
/** A member who may manage users but holds nothing about orders: the Administrator role is beyond them. */
const USER_MANAGER = sessionUser({
  scope: ['users.create', 'users.read', 'users.update', 'users.delete', 'roles.read'],
});
const BEYOND_HINT = 'Administrator: You can only grant permissions you hold.';

/** Opens the Role select (labelled by its form item) and waits for its options. */
async function openRoles(label = 'Role') {
  fireEvent.mouseDown(screen.getByLabelText(label));
  await screen.findByTitle('Packer');
}

async function chooseRole(name: string, label = 'Role') {
  await openRoles(label);
  fireEvent.click(screen.getByTitle(name));
}

/** Roles beyond the user are listed but disabled, the reason as their tooltip. */
function expectAdministratorOptionDisabled() {
  const option = screen.getByTitle(BEYOND_HINT);
  expect(option).toHaveTextContent('Administrator');
  expect(option).toHaveAttribute('aria-disabled', 'true');
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

  it("create: the server's messages client-side, 422s on their fields, then the 202 message and the users list", async () => {
    const api = stubFetch({
      'GET /roles': listBody(ROLES),
      'GET /users': listBody([]),
      'POST /users/:storeId/create': validationError({ email: ['The email has already been taken.'] }),
    });
    renderPage('/users/create', USER_MANAGER);
    fireEvent.click(await screen.findByText('Create user', { selector: 'button > span' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The email field is required.')).toBeInTheDocument();
    expect(screen.getByText('The role field is required.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nina New' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'not-an-email' } });
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Nina@Acme.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret-123' } });
    await openRoles();
    expectAdministratorOptionDisabled();
    fireEvent.click(screen.getByTitle('Packer'));
    fireEvent.click(buttonByText('Create user'));

    // Under its field (the red notification repeats it, as for every failed call).
    const form = screen.getByLabelText('E-mail').closest('form') as HTMLElement;
    expect(await within(form).findByText('The email has already been taken.')).toBeInTheDocument();
    expect(api.calls('POST', '/users/11/create')[0]?.body).toEqual({
      name: 'Nina New',
      email: 'nina@acme.test',
      password: 'secret-123',
      password_confirmation: 'secret-123',
      role_id: 4,
    });

    // New or existing account, the answer is the same 202 and message, with no user in it.
    const message = formatMessage(SUCCESS_MESSAGES.userAddedOrInvited, { email: 'nina@acme.test' });
    api.on('POST /users/:storeId/create', { status: 202, body: { message } });
    fireEvent.click(buttonByText('Create user'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
    expect(api.calls('POST', '/users/11/create')).toHaveLength(2);
  });

  it('create: without a store it explains and links to /stores/create', async () => {
    stubFetch({ 'GET /roles': listBody(ROLES) });
    renderPage('/users/create', sessionUser({ stores: [] }));
    expect(await screen.findByText('A store is needed first')).toBeInTheDocument();
    expect(screen.getByText('Create a store').closest('a')).toHaveAttribute('href', '/stores/create');
    expect(buttonByText('Create user')).toBeDisabled();
  });

  it('invite: roles beyond the user disabled; posts e-mail and role, says so and opens the invitations', async () => {
    const api = stubFetch({
      'GET /roles': listBody(ROLES),
      'GET /invitations': listBody([]),
      'POST /users/invitations/invite': {
        status: 201,
        body: { data: { id: 9, email: 'new@acme.test', role: { id: 3, name: 'Manager' } } },
      },
    });
    renderPage('/users/invite', USER_MANAGER);
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'new@acme.test' } });
    await openRoles();
    expectAdministratorOptionDisabled();
    fireEvent.click(screen.getByTitle('Manager (default)'));
    fireEvent.click(buttonByText('Send invitation'));
    expect(await screen.findByText('Invitation sent successfully.')).toBeInTheDocument();
    expect(api.calls('POST', '/users/invitations/invite')[0]?.body).toEqual({
      email: 'new@acme.test',
      role_id: 3,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/invitations'));
  });

  it("detail: verify, a refused role change shows the server's message, delete only after confirmation", async () => {
    const api = stubFetch({
      'GET /roles': listBody(ROLES),
      'GET /users/:id': { body: { data: USER } },
      'GET /users': listBody([]),
      'PATCH /users/:id/verify': { body: { data: { ...USER, email_verified: true } } },
      'PUT /users/:id': {
        status: 403,
        body: {
          message: 'You can not change a member who holds permissions you do not hold.',
          error: 'forbidden',
        },
      },
      'DELETE /users/:id': { status: 204 },
    });
    renderPage('/users/5', USER_MANAGER);
    fireEvent.click(await screen.findByText('Verify', { selector: 'button > span' }));
    expect(await screen.findByText('User verified successfully.')).toBeInTheDocument();
    expect(api.calls('PATCH', '/users/5/verify')).toHaveLength(1);
    expect(queryButtonByText('Verify')).toBeNull();

    await chooseRole('Packer');
    fireEvent.click(buttonByText('Save'));
    expect(
      await screen.findByText('You can not change a member who holds permissions you do not hold.'),
    ).toBeInTheDocument();
    expect(api.calls('PUT', '/users/5')[0]?.body).toEqual({ name: 'Uma User', role_id: 4 });

    fireEvent.click(buttonByText('Delete'));
    const popup = (await screen.findByText('Delete Uma User?')).closest('.ant-popover') as HTMLElement;
    expect(api.calls('DELETE', '/users/5')).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', '/users/5')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
  });

  it("detail: the user's own role, the owner's and a wider member's are locked, each with the reason", async () => {
    const members: Record<string, typeof USER> = {
      '/users/7': { ...USER, id: 7, name: 'Olivia Owner' },
      '/users/5': { ...USER, is_owner: true },
      '/users/8': { ...USER, id: 8, name: 'Ada Admin', role: { id: 5, name: 'Administrator' } },
    };
    stubFetch({
      'GET /roles': listBody(ROLES),
      'GET /users/:id': ({ path }) => ({ body: { data: members[path] } }),
    });
    const own = renderPage('/users/7', USER_MANAGER);
    expect(await screen.findByText('You can not change your own role.')).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toBeDisabled();
    // The name stays editable.
    expect(screen.getByLabelText('Name')).toBeEnabled();
    act(() => own.unmount());

    const owner = renderPage('/users/5', USER_MANAGER);
    expect(
      await screen.findByText("The owner's role changes only through an ownership transfer."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toBeDisabled();
    act(() => owner.unmount());

    // Someone holding more than the user: neither their role nor their membership is the user's to change.
    renderPage('/users/8', USER_MANAGER);
    expect(
      await screen.findByText('You can not change a member who holds permissions you do not hold.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(queryButtonByText('Delete')).toBeNull();
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
    await chooseRole('Packer', 'Role of new@acme.test');
    await waitFor(() => expect(api.calls('PUT', '/invitations/9')[0]?.body).toEqual({ role_id: 4 }));

    fireEvent.click(buttonByText('Delete'));
    const popup = (await screen.findByText('Delete the invitation for new@acme.test?')).closest(
      '.ant-popover',
    ) as HTMLElement;
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', '/invitations/9')).toHaveLength(1));
  });
});
