import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, renderPage } from './render-page';

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
  it('IP whitelist: status tags from the vocabulary, per-role lists, add with validation, delete after confirmation', async () => {
    const api = stubFetch({
      'GET /roles': listBody([
        { id: 3, name: 'Manager', permissions: [], is_default: false, users_count: 1 },
      ]),
      'GET /ipWhitelist/company': listBody(ENTRIES),
      'GET /ipWhitelist/companyRole/:id': listBody([]),
      'POST /ipWhitelist': { status: 201, body: { data: ENTRIES[0] } },
      'DELETE /ipWhitelist/:id': { status: 204 },
    });
    renderPage('/settings?tab=ip-whitelist');
    expect((await screen.findByText('Allowed')).closest('.ant-tag')).toHaveClass('ant-tag-success');
    expect(screen.getByText('Blocked').closest('.ant-tag')).toHaveClass('ant-tag-error');
    expect(screen.getByText('Disabled').closest('.ant-tag')).toHaveClass('ant-tag-default');

    const row = screen.getByText('192.0.2.1').closest('tr') as HTMLElement;
    fireEvent.click(buttonByText('Delete', row));
    const popup = (await screen.findByText('Delete 192.0.2.1?')).closest('.ant-popover') as HTMLElement;
    expect(api.calls('DELETE', '/ipWhitelist/3')).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', '/ipWhitelist/3')).toHaveLength(1));

    fireEvent.mouseDown(screen.getByLabelText('Applies to'));
    fireEvent.click(await screen.findByTitle('Role: Manager'));
    expect(await screen.findByText('No IP addresses listed')).toBeInTheDocument();
    expect(api.calls('GET', '/ipWhitelist/companyRole/3')).toHaveLength(1);

    fireEvent.click(buttonByText('Add IP address'));
    const dialog = (await screen.findByLabelText('IP address', { selector: 'input' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('IP address'), { target: { value: '300.1.1.1' } });
    fireEvent.click(buttonByText('Add', dialog));
    expect(
      await within(dialog).findByText('The ip address must be a valid IP address or CIDR range.'),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('IP address'), { target: { value: '10.0.0.0/8' } });
    fireEvent.click(buttonByText('Add', dialog));
    await waitFor(() => expect(api.calls('POST', '/ipWhitelist')).toHaveLength(1));
    expect(api.calls('POST', '/ipWhitelist')[0]?.body).toEqual({
      ip_address: '10.0.0.0/8',
      status: 1,
      company_role_id: 3,
    });
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
    // Under its field (the red notification repeats it, as for every failed call).
    const form = screen.getByLabelText('Current password').closest('form') as HTMLElement;
    expect(await within(form).findByText('The current password is incorrect.')).toBeInTheDocument();
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
    fireEvent.click(buttonByText('Copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('sd_abc'));
  });

  it('activity: one sentence per event with field labels and names, the UTC date and how it was done', async () => {
    const base = {
      source: 'user',
      source_name: 'Olivia Owner',
      via: 'web',
      created_at: '2026-11-20T10:00:00Z',
    };
    const api = stubFetch({
      'GET /activities': listBody([
        {
          ...base,
          id: 1,
          event: 'role.updated',
          subject_type: 'role',
          subject_id: 3,
          old: { name: 'Packers', permissions: ['users.read'] },
          new: { name: 'Warehouse', permissions: ['users.read', 'orders.update', 'products.read'] },
        },
        // An update that renames nothing records no name: the members list gives it.
        {
          ...base,
          id: 2,
          event: 'user.updated',
          subject_type: 'user',
          subject_id: 5,
          old: { role: 'Manager' },
          new: { role: 'Packer' },
        },
        {
          ...base,
          id: 3,
          via: 'api',
          source: 'api_token',
          event: 'user.password_changed',
          subject_type: 'user',
          subject_id: 7,
          old: null,
          new: null,
          created_at: '2026-11-19T08:05:09Z',
        },
      ]),
      'GET /users': listBody([{ id: 5, name: 'Uma User' }]),
      'GET /roles': listBody([]),
    });
    renderPage('/settings?tab=activity');
    expect(
      await screen.findByText("Olivia Owner changed Uma User's role from Manager to Packer."),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Olivia Owner renamed the role Packers to Warehouse and gave it Products: view, Orders: update.',
      ),
    ).toBeInTheDocument();
    const password = screen.getByText('Olivia Owner changed their password.').closest('tr') as HTMLElement;
    expect(within(password).getByText('19 Nov 2026 08:05:09 UTC')).toBeInTheDocument();
    expect(within(password).getByText('API token')).toBeInTheDocument();
    expect(screen.getAllByText('Web')).toHaveLength(2);
    // No raw keys or JSON left.
    expect(screen.queryByText(/role\.updated|∅|\{"/)).not.toBeInTheDocument();
    expect(api.calls('GET', '/activities')[0]?.query.get('sort_by')).toBe('created_at');
  });

  it('activity: a stock change of many products is one line, and its products open under it', async () => {
    const stockEntry = (id: number, productId: number, sku: string, from: number, to: number) => ({
      id,
      source: 'system',
      source_name: 'System',
      via: 'plugin',
      created_at: '2026-11-21T09:00:00Z',
      event: 'product.stock_updated',
      subject_type: 'product',
      subject_id: productId,
      old: { quantity: from },
      new: { quantity: to, delta: to - from, reason: 'plugin', source_ref: 'plugin:9', sku, store_id: 11 },
    });
    const api = stubFetch({
      'GET /activities': (request) =>
        request.query.get('change_id[eq]') === 'change-1'
          ? listBody([stockEntry(40, 31, 'MUG-RED', 3, 5), stockEntry(41, 32, 'LID-1', 8, 2)], 150)
          : listBody([
              { ...stockEntry(42, 33, 'TEA-1', 1, 4), change: { id: 'change-1', count: 150 } },
              {
                ...stockEntry(39, 31, 'MUG-RED', 4, 3),
                source: 'user',
                source_name: 'Olivia Owner',
                via: 'manual',
                change: { id: 'change-0', count: 1 },
              },
            ]),
      'GET /users': listBody([]),
      'GET /roles': listBody([]),
    });
    renderPage('/settings?tab=activity');
    const line = (await screen.findByText(/The system updated the stock of 150 products\./)).closest(
      'tr',
    ) as HTMLElement;
    expect(within(line).getByText('Plugin')).toBeInTheDocument();
    // A change of one product reads as its own sentence; no line per product of the big change.
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText(/TEA-1/)).toBeNull();

    fireEvent.click(within(line).getByRole('button', { name: 'Show the 150 products' }));
    const products = await within(line).findByLabelText('Products of this change');
    expect(within(products).getByText('MUG-RED')).toHaveAttribute('href', '/products/11/31?tab=timeline');
    expect(within(products).getByText('LID-1')).toHaveAttribute('href', '/products/11/32?tab=timeline');
    expect(products).toHaveTextContent('MUG-RED 3 → 5');
    expect(products).toHaveTextContent("and 148 more: each product's stock timeline has its entry.");
    expect(api.calls('GET', '/activities').at(-1)?.query.get('change_id[eq]')).toBe('change-1');
  });
});
