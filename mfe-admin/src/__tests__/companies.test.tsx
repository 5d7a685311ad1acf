import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/src/table/testing/fetch-routes';

import { renderPage, sessionUser } from './render-page';

function company(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    uuid: `0000000${id}-0000-4000-8000-000000000000`,
    name,
    owner_name: 'Olivia Owner',
    owner_email: 'olivia@acme.test',
    stores_count: 2,
    channels_count: 3,
    plugins_count: 1,
    webhooks_count: 4,
    creation_source: 'register',
    plan_name: 'Starter',
    is_active: true,
    account: {
      status: 3,
      has_plan: true,
      plan_name: 'Starter',
      credit: 10,
      expired_date: null,
      manage_url: '',
    },
    created_at: '2026-11-01T09:30:00Z',
    ...overrides,
  };
}

const COMPANIES = [company(1, 'Acme Ltd'), company(2, 'Globex', { is_active: false, plan_name: null })];

function row(name: string): HTMLElement {
  return screen.getByText(name).closest('tr') as HTMLElement;
}

describe('Companies', () => {
  it('lists companies with counts, plan, status tag and the total', async () => {
    stubFetch({ 'GET /companies': listBody(COMPANIES, 2) });
    renderPage('/companies');
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    const acme = row('Acme Ltd');
    expect(within(acme).getByText('Starter')).toBeInTheDocument();
    expect(within(acme).getByText('Active')).toBeInTheDocument();
    expect(within(acme).getByText('01 Nov 2026 09:30:00 UTC')).toBeInTheDocument();
    expect(within(row('Globex')).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Total 2')).toBeInTheDocument();
    // The current company cannot be switched to.
    expect(within(acme).getByRole('button', { name: 'Current company' })).toBeDisabled();
  });

  it('sorts and pages on the server', async () => {
    const api = stubFetch({ 'GET /companies': listBody(COMPANIES, 80) });
    renderPage('/companies');
    await screen.findByText('Globex');
    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('sort_by')).toBe('name'));
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('page')).toBe('3'));
    expect(api.requests.at(-1)?.query.get('sort_direction')).toBe('asc');
  });

  it("creates a company: the server's messages client-side, then the body and a 422 on the field", async () => {
    const api = stubFetch({
      'GET /companies': listBody(COMPANIES),
      'POST /companies/create': validationError({ name: ['The name has already been taken.'] }),
    });
    renderPage('/companies');
    await screen.findByText('Globex');
    fireEvent.click(screen.getByRole('button', { name: 'Create company' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(api.calls('POST', '/companies/create')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Initech ' } });
    fireEvent.submit(within(dialog).getByLabelText('Name'));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeInTheDocument();
    expect(api.calls('POST', '/companies/create')[0]?.body).toEqual({ name: 'Initech' });
  });

  it('administrators: each plan action and deactivation asks for confirmation first', async () => {
    const api = stubFetch({
      'GET /companies': listBody(COMPANIES),
      'POST /accounts-system/set-plan/:id': { body: { data: COMPANIES[1]?.account } },
      'PUT /companies/:id': { body: { data: COMPANIES[0] } },
    });
    renderPage('/companies', sessionUser({ administrator: true }));
    await screen.findByText('Globex');
    fireEvent.click(within(row('Globex')).getByRole('button', { name: 'Plan' }));
    fireEvent.click(await screen.findByText('Trial plan'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Trial plan for Globex?').length).toBeGreaterThan(0);
    expect(api.calls('POST', '/accounts-system/set-plan/2')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Trial plan' }));
    await waitFor(() => expect(api.calls('POST', '/accounts-system/set-plan/2')).toHaveLength(1));
    expect(api.calls('POST', '/accounts-system/set-plan/2')[0]?.body).toEqual({ status: 'trial_plan' });

    fireEvent.click(within(row('Acme Ltd')).getByRole('button', { name: 'Deactivate' }));
    const [second] = await screen.findAllByText('Deactivate Acme Ltd?');
    expect(api.calls('PUT', '/companies/1')).toHaveLength(0);
    fireEvent.click(
      within(second?.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() => expect(api.calls('PUT', '/companies/1')[0]?.body).toEqual({ is_active: false }));
  });

  it('hides the administrator actions from other users and buttons the scope lacks', async () => {
    stubFetch({ 'GET /companies': listBody(COMPANIES) });
    renderPage('/companies', sessionUser({ scope: ['general.read'] }));
    await screen.findByText('Globex');
    const globex = row('Globex');
    expect(within(globex).queryByRole('button', { name: 'Plan' })).not.toBeInTheDocument();
    expect(within(globex).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(within(globex).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(globex).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const api = stubFetch({
      'GET /companies': listBody(COMPANIES),
      'DELETE /companies/:id': { status: 204 },
    });
    renderPage('/companies');
    await screen.findByText('Globex');
    fireEvent.click(within(row('Globex')).getByRole('button', { name: 'Delete' }));
    const [title] = await screen.findAllByText('Delete Globex?');
    expect(api.calls('DELETE', '/companies/2')).toHaveLength(0);
    fireEvent.click(
      within(title?.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.calls('DELETE', '/companies/2')).toHaveLength(1));
  });
});
