import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { PERMISSION_GROUPS } from '@syncdesk/contracts';
import { listBody, stubFetch } from '@syncdesk/web-kit/src/table/testing/fetch-routes';

import { renderPage } from './render-page';

const ROLE = {
  id: 3,
  name: 'Manager',
  permissions: ['stores.read', 'users.read'],
  is_default: false,
  users_count: 2,
};

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

  it('groups permissions exactly as PERMISSION_GROUPS, with select all per group', async () => {
    const api = stubFetch({
      'GET /roles': listBody([]),
      'POST /roles/create': { status: 201, body: { data: { ...ROLE, id: 12 } } },
      'GET /roles/:id': { body: { data: { ...ROLE, id: 12 } } },
    });
    renderPage('/roles/create');
    const groups = await screen.findAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(
      PERMISSION_GROUPS.map((g) => g.label),
    );
    for (const group of PERMISSION_GROUPS) {
      const row = screen.getByRole('group', { name: group.label });
      for (const permission of group.permissions) {
        expect(within(row).getByRole('checkbox', { name: permission.label })).not.toBeChecked();
      }
    }

    const stores = screen.getByRole('group', { name: 'Stores' });
    fireEvent.click(within(stores).getByRole('checkbox', { name: 'Select all Stores' }));
    for (const label of ['Create', 'View', 'Update', 'Delete']) {
      expect(within(stores).getByRole('checkbox', { name: label })).toBeChecked();
    }
    const other = screen.getByRole('group', { name: 'Other' });
    fireEvent.click(within(other).getByRole('checkbox', { name: 'Data protection' }));
    const otherAll = within(other).getByRole('checkbox', { name: 'Select all Other' });
    expect(otherAll).not.toBeChecked();
    expect(otherAll.closest('.ant-checkbox')).toHaveClass('ant-checkbox-indeterminate');
    fireEvent.click(within(stores).getByRole('checkbox', { name: 'Delete' }));

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Store keeper' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    // A slow machine under a parallel run needs more than waitFor's default second for this form.
    await waitFor(() => expect(api.calls('POST', '/roles/create')).toHaveLength(1), { timeout: 5000 });
    expect(api.calls('POST', '/roles/create')[0]?.body).toEqual({
      name: 'Store keeper',
      permissions: ['stores.create', 'stores.read', 'stores.update', 'data_protection'],
      is_default: true,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/roles/12'), {
      timeout: 5000,
    });
  });

  it('validates the name client-side', async () => {
    const api = stubFetch({ 'GET /roles': listBody([]) });
    renderPage('/roles/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(api.calls('POST', '/roles/create')).toHaveLength(0);
  });

  it('edits a role and deletes it only after confirmation', async () => {
    const api = stubFetch({
      'GET /roles': listBody([]),
      'GET /roles/:id': { body: { data: ROLE } },
      'PUT /roles/:id': { body: { data: ROLE } },
      'DELETE /roles/:id': { status: 204 },
    });
    renderPage('/roles/3');
    const users = await screen.findByRole('group', { name: 'Users' });
    expect(within(users).getByRole('checkbox', { name: 'View' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT', '/roles/3')).toHaveLength(1));
    expect(api.calls('PUT', '/roles/3')[0]?.body).toMatchObject({
      permissions: ['stores.read', 'users.read'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const popup = (await screen.findByText('Delete the role Manager?')).closest(
      '.ant-popover',
    ) as HTMLElement;
    expect(api.calls('DELETE', '/roles/3')).toHaveLength(0);
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE', '/roles/3')).toHaveLength(1));
  });
});
