import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { PERMISSION_GROUPS } from '@syncdesk/contracts';
import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { buttonByText, queryButtonByText, renderPage, sessionUser } from './render-page';

const ROLE = {
  id: 3,
  name: 'Manager',
  permissions: ['stores.read', 'users.read'],
  is_default: false,
  users_count: 2,
};

/** A row of the permission grid (role="group", named by its aria-label). */
function permissionRow(label: string): HTMLElement {
  return screen.getByLabelText(label);
}

/** A checkbox of a row by its label (the label wraps the input). */
function permissionBox(row: string, label: string): HTMLInputElement {
  return within(permissionRow(row)).getByLabelText(label) as HTMLInputElement;
}

describe('Roles', () => {
  it('lists roles with users count and the default tag', async () => {
    stubFetch({
      'GET /roles': listBody([ROLE, { ...ROLE, id: 4, name: 'Staff', is_default: true, users_count: 7 }]),
    });
    renderPage('/roles');
    const staff = (await screen.findByText('Staff')).closest('tr') as HTMLElement;
    expect(within(staff).getByText('Default')).toBeInTheDocument();
    expect(within(staff).getByText('7')).toBeInTheDocument();
  });

  it('create: groups permissions exactly as PERMISSION_GROUPS, select all per group, name validated, then posts', async () => {
    const api = stubFetch({
      'GET /roles': listBody([]),
      'POST /roles/create': { status: 201, body: { data: { ...ROLE, id: 12 } } },
      'GET /roles/:id': { body: { data: { ...ROLE, id: 12 } } },
    });
    renderPage('/roles/create');
    await screen.findByLabelText('Name');
    // One row per group, in PERMISSION_GROUPS' order, and no other group on the page.
    expect(
      [...document.querySelectorAll('[role="group"]')].map((row) => row.getAttribute('aria-label')),
    ).toEqual(PERMISSION_GROUPS.map((group) => group.label));
    for (const group of PERMISSION_GROUPS) {
      const row = permissionRow(group.label);
      for (const permission of group.permissions) {
        const box = within(row).getByLabelText(permission.label);
        expect(box).not.toBeChecked();
        expect(box).toBeEnabled();
      }
    }

    // The name is checked in the browser with the server's words: nothing is posted without it.
    fireEvent.click(buttonByText('Create role'));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(api.calls('POST', '/roles/create')).toHaveLength(0);

    fireEvent.click(permissionBox('Stores', 'Select all Stores'));
    for (const label of ['Create', 'View', 'Update', 'Delete']) {
      expect(permissionBox('Stores', label)).toBeChecked();
    }
    fireEvent.click(permissionBox('Other', 'Data protection'));
    const otherAll = permissionBox('Other', 'Select all Other');
    expect(otherAll).not.toBeChecked();
    expect(otherAll.closest('.ant-checkbox')).toHaveClass('ant-checkbox-indeterminate');
    fireEvent.click(permissionBox('Stores', 'Delete'));

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Store keeper' } });
    fireEvent.click(screen.getByLabelText('Default role'));
    fireEvent.click(buttonByText('Create role'));
    await waitFor(() => expect(api.calls('POST', '/roles/create')).toHaveLength(1));
    expect(api.calls('POST', '/roles/create')[0]?.body).toEqual({
      name: 'Store keeper',
      permissions: ['stores.create', 'stores.read', 'stores.update', 'data_protection'],
      is_default: true,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/roles/12'));
  });

  it('create: permissions the user lacks are disabled with the reason; data protection stays on', async () => {
    stubFetch({ 'GET /roles': listBody([]) });
    renderPage(
      '/roles/create',
      sessionUser({ scope: ['roles.create', 'roles.read', 'orders.read', 'data_protection'] }),
    );
    await screen.findByLabelText('Name');
    expect(permissionBox('Orders', 'View')).toBeEnabled();
    expect(permissionBox('Orders', 'Delete')).toBeDisabled();
    expect(permissionBox('Roles', 'Create')).toBeEnabled();
    expect(permissionBox('Stores', 'View')).toBeDisabled();
    // A whole row can't be selected when part of it is out of reach.
    expect(permissionBox('Orders', 'Select all Orders')).toBeDisabled();
    // Working under data protection, a new role starts with it and can't drop it (that would unmask).
    expect(permissionBox('Other', 'Data protection')).toBeChecked();
    expect(permissionBox('Other', 'Data protection')).toBeDisabled();

    fireEvent.mouseEnter(permissionBox('Orders', 'Delete').closest('.ant-checkbox-wrapper')!.parentElement!);
    expect(await screen.findByText('You can only grant permissions you hold.')).toBeInTheDocument();
  });

  it('edits a role, shows the server’s refusal, and deletes only after confirmation', async () => {
    const api = stubFetch({
      'GET /roles': listBody([]),
      'GET /roles/:id': { body: { data: ROLE } },
      'PUT /roles/:id': { body: { data: ROLE } },
      'DELETE /roles/:id': { status: 204 },
    });
    renderPage('/roles/3');
    await screen.findByLabelText('Users');
    expect(permissionBox('Users', 'View')).toBeChecked();
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(api.calls('PUT', '/roles/3')).toHaveLength(1));
    expect(api.calls('PUT', '/roles/3')[0]?.body).toMatchObject({
      permissions: ['stores.read', 'users.read'],
    });

    // The server has the last word (403 with its message): the page shows it.
    api.on('PUT /roles/:id', {
      status: 403,
      body: { message: 'You can only grant permissions you hold.', error: 'forbidden' },
    });
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText('You can only grant permissions you hold.')).toBeInTheDocument();

    fireEvent.click(buttonByText('Delete'));
    const popup = (await screen.findByText('Delete the role Manager?')).closest(
      '.ant-popover',
    ) as HTMLElement;
    expect(api.calls('DELETE', '/roles/3')).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', '/roles/3')).toHaveLength(1));
  });

  it('a role holding more than the user is read-only to them', async () => {
    stubFetch({
      'GET /roles': listBody([]),
      'GET /roles/:id': { body: { data: { ...ROLE, permissions: ['orders.delete'] } } },
    });
    renderPage('/roles/3', sessionUser({ scope: ['roles.read', 'roles.update', 'roles.delete'] }));
    expect(
      await screen.findByText('You can not change a role that holds permissions you do not hold.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(queryButtonByText('Save')).toBeNull();
    expect(queryButtonByText('Delete')).toBeNull();
  });
});
