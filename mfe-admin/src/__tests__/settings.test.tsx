import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/src/table/testing/fetch-routes';

import { renderPage } from './render-page';

const ENTRIES = [
  { id: 1, ip_address: '203.0.113.7', status: 1, company_role_id: null, created_at: '2026-11-20T10:00:00Z' },
  {
    id: 2,
    ip_address: '198.51.100.0/24',
    status: 2,
    company_role_id: null,
    created_at: '2026-11-20T10:00:00Z',
  },
  { id: 3, ip_address: '192.0.2.1', status: 0, company_role_id: null, created_at: '2026-11-20T10:00:00Z' },
];

describe('Settings', () => {
  it('IP whitelist: status tags from the vocabulary, per-role lists, add with validation', async () => {
    const api = stubFetch({
      'GET /roles': listBody([
        { id: 3, name: 'Manager', permissions: [], is_default: false, users_count: 1 },
      ]),
      'GET /ipWhitelist/company': listBody(ENTRIES),
      'GET /ipWhitelist/companyRole/:id': listBody([]),
      'POST /ipWhitelist': { status: 201, body: { data: ENTRIES[0] } },
    });
    renderPage('/settings?tab=ip-whitelist');
    expect((await screen.findByText('Allowed')).closest('.ant-tag')).toHaveClass('ant-tag-success');
    expect(screen.getByText('Blocked').closest('.ant-tag')).toHaveClass('ant-tag-error');
    expect(screen.getByText('Disabled').closest('.ant-tag')).toHaveClass('ant-tag-default');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Applies to' }));
    fireEvent.click(await screen.findByTitle('Role: Manager'));
    expect(await screen.findByText('No IP addresses listed')).toBeInTheDocument();
    expect(api.calls('GET', '/ipWhitelist/companyRole/3')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Add IP address' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('IP address'), { target: { value: '300.1.1.1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('The ip address must be a valid IP address or CIDR range.'),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('IP address'), { target: { value: '10.0.0.0/8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.calls('POST', '/ipWhitelist')).toHaveLength(1));
    expect(api.calls('POST', '/ipWhitelist')[0]?.body).toEqual({
      ip_address: '10.0.0.0/8',
      status: 1,
      company_role_id: 3,
    });
  });

  it('IP whitelist: delete only after confirmation', async () => {
    const api = stubFetch({
      'GET /roles': listBody([]),
      'GET /ipWhitelist/company': listBody(ENTRIES),
      'DELETE /ipWhitelist/:id': { status: 204 },
    });
    renderPage('/settings?tab=ip-whitelist');
    const row = (await screen.findByText('192.0.2.1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const popup = (await screen.findByText('Delete 192.0.2.1?')).closest('.ant-popover') as HTMLElement;
    expect(api.calls('DELETE', '/ipWhitelist/3')).toHaveLength(0);
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE', '/ipWhitelist/3')).toHaveLength(1));
  });

  it("password: a wrong current password lands on its field; success says 'password changed'", async () => {
    const api = stubFetch({
      'POST /auth/changePassword': validationError({
        current_password: ['The current password is incorrect.'],
      }),
    });
    renderPage('/settings?tab=password');
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-secret-1' } });
    fireEvent.submit(screen.getByLabelText('Confirm new password'));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(api.calls('POST', '/auth/changePassword')[0]?.body).toEqual({
      current_password: 'old-secret',
      password: 'new-secret-1',
      password_confirmation: 'new-secret-1',
    });
    api.on('POST /auth/changePassword', { body: { data: { message: 'Password changed.' } } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'right-secret' } });
    fireEvent.submit(screen.getByLabelText('Current password'));
    expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument();
  });

  it('API tokens: the new token is shown once with a Copy button', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const api = stubFetch({
      'GET /userTokens': listBody([]),
      'POST /userTokens': {
        status: 201,
        body: {
          data: {
            id: 4,
            name: 'ERP',
            last_used_at: null,
            created_at: '2026-11-20T10:00:00Z',
            token: 'sd_abc',
          },
        },
      },
    });
    renderPage('/settings?tab=api-tokens');
    fireEvent.change(await screen.findByLabelText('Token name'), { target: { value: 'ERP' } });
    fireEvent.submit(screen.getByLabelText('Token name'));
    expect(await screen.findByTestId('new-token')).toHaveTextContent('sd_abc');
    expect(api.calls('POST', '/userTokens')[0]?.body).toEqual({ name: 'ERP' });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('sd_abc'));
  });

  it('activity: date, who, via, event and old → new', async () => {
    const api = stubFetch({
      'GET /activities': listBody([
        {
          id: 1,
          created_at: '2026-11-20T10:00:00Z',
          source: 'user',
          source_name: 'Olivia Owner',
          via: 'web',
          event: 'role.updated',
          subject_type: 'role',
          subject_id: 3,
          old: { name: 'Staff' },
          new: { name: 'Manager' },
        },
      ]),
    });
    renderPage('/settings?tab=activity');
    expect(await screen.findByText('{"name":"Staff"} → {"name":"Manager"}')).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2026 10:00:00 UTC')).toBeInTheDocument();
    expect(screen.getByText('role.updated')).toBeInTheDocument();
    expect(api.calls('GET', '/activities')[0]?.query.get('sort_by')).toBe('created_at');
  });
});
