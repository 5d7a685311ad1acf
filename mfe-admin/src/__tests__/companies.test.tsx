import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, renderPage, sessionUser } from './render-page';

function company(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    uuid: `0000000${id}-0000-4000-8000-000000000000`,
    name,
    owner_name: 'Olivia Owner',
    owner_email: 'olivia.owner-with-a-long-address@acme.test',
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

/** Opens a row's one actions menu (the ⋯ button, named for its company) and returns the menu. */
async function openActions(companyName: string): Promise<HTMLElement> {
  fireEvent.click(screen.getByLabelText(`Actions for ${companyName}`));
  return (await screen.findByRole('menu')) as HTMLElement;
}

/** The menu item with this text (antd renders it as role="menuitem"). */
function menuItem(menu: HTMLElement, label: string): HTMLElement {
  return within(menu).getByText(label).closest('[role="menuitem"]') as HTMLElement;
}

/** The confirmation dialog whose title is this text. */
async function confirmation(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title);
  return heading?.closest('.ant-modal') as HTMLElement;
}

describe('Companies', () => {
  it('lists companies with counts, plan, status tag, the total, e-mails on one line, one actions menu per row', async () => {
    stubFetch({ 'GET /companies': listBody(COMPANIES, 2) });
    renderPage('/companies');
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    const acme = row('Acme Ltd');
    expect(within(acme).getByText('Starter')).toBeInTheDocument();
    expect(within(acme).getByText('Active')).toBeInTheDocument();
    expect(within(acme).getByText('01 Nov 2026 09:30:00 UTC')).toBeInTheDocument();
    expect(within(row('Globex')).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Total 2')).toBeInTheDocument();
    // An address never wraps mid-word: one line, cut with an ellipsis, the whole of it on hover.
    const email = within(acme).getByText('olivia.owner-with-a-long-address@acme.test');
    expect(email).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
    expect(email).toHaveAttribute('title', 'olivia.owner-with-a-long-address@acme.test');
    // No row of buttons: one menu button per row.
    expect(within(acme).getAllByRole('button')).toHaveLength(1);

    // The current company cannot be switched to.
    const menu = await openActions('Acme Ltd');
    expect(menuItem(menu, 'Current company')).toHaveAttribute('aria-disabled', 'true');
    expect(menuItem(menu, 'Edit')).toBeInTheDocument();
    expect(menuItem(menu, 'Delete')).toBeInTheDocument();
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
    fireEvent.click(buttonByText('Create company'));
    const dialog = (await screen.findByText('Create company', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(buttonByText('Create', dialog));
    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(api.calls('POST', '/companies/create')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Initech ' } });
    fireEvent.submit(within(dialog).getByLabelText('Name'));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeInTheDocument();
    expect(api.calls('POST', '/companies/create')[0]?.body).toEqual({ name: 'Initech' });
  });

  it('administrators: a plan action and deactivation each ask for confirmation first', async () => {
    const api = stubFetch({
      'GET /companies': listBody(COMPANIES),
      'POST /accounts-system/set-plan/:id': { body: { data: COMPANIES[1]?.account } },
      'PUT /companies/:id': { body: { data: COMPANIES[0] } },
    });
    renderPage('/companies', sessionUser({ administrator: true }));
    await screen.findByText('Globex');
    fireEvent.click(menuItem(await openActions('Globex'), 'Trial plan'));
    const dialog = await confirmation('Trial plan for Globex?');
    expect(api.calls('POST', '/accounts-system/set-plan/2')).toHaveLength(0);
    fireEvent.click(buttonByText('Trial plan', dialog));
    await waitFor(() => expect(api.calls('POST', '/accounts-system/set-plan/2')).toHaveLength(1));
    expect(api.calls('POST', '/accounts-system/set-plan/2')[0]?.body).toEqual({ status: 'trial_plan' });

    fireEvent.click(menuItem(await openActions('Acme Ltd'), 'Deactivate'));
    const second = await confirmation('Deactivate Acme Ltd?');
    expect(api.calls('PUT', '/companies/1')).toHaveLength(0);
    fireEvent.click(buttonByText('Deactivate', second));
    await waitFor(() => expect(api.calls('PUT', '/companies/1')[0]?.body).toEqual({ is_active: false }));
  });

  it('other users: no administrator actions (plans, activation, DHL), and none the scope lacks', async () => {
    stubFetch({ 'GET /companies': listBody(COMPANIES) });
    renderPage('/companies', sessionUser({ scope: ['general.read'] }));
    await screen.findByText('Globex');
    const menu = await openActions('Globex');
    expect(menuItem(menu, 'Switch to this company')).toBeInTheDocument();
    for (const label of [
      'Force plan',
      'Free plan',
      'Trial plan',
      'Activate',
      'Push DHL changes',
      'Edit',
      'Delete',
    ]) {
      expect(within(menu).queryByText(label)).not.toBeInTheDocument();
    }
  });

  it('deletes only after confirmation', async () => {
    const api = stubFetch({
      'GET /companies': listBody(COMPANIES),
      'DELETE /companies/:id': { status: 204 },
    });
    renderPage('/companies');
    await screen.findByText('Globex');
    fireEvent.click(menuItem(await openActions('Globex'), 'Delete'));
    const dialog = await confirmation('Delete Globex?');
    expect(api.calls('DELETE', '/companies/2')).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', dialog));
    await waitFor(() => expect(api.calls('DELETE', '/companies/2')).toHaveLength(1));
  });
});
