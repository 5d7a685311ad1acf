import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { RuleRunDto } from '@syncdesk/contracts';
import { currentStoreStorageKey } from '@syncdesk/web-kit';
import { stubFetch } from '@syncdesk/web-kit/testing';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

import {
  buttonByText,
  findModal,
  queryButtonByText,
  renderPage,
  sessionUser,
} from '../../orders/__tests__/render-orders-page';
import { EMPTY_RULES_TEXT } from '../RuleListPage';
import { ruleDto } from './rule-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

beforeEach(() => localStorage.clear());

const FIRST = ruleDto({ id: 1, name: 'EU orders', priority: 1 });
const SECOND = ruleDto({ id: 2, name: 'Hold big orders', priority: 2, is_active: false });
const THIRD = ruleDto({ id: 3, name: 'Wholesale', priority: 3 });

function rowNames(): string[] {
  return [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map(
    (row) => row.querySelectorAll('td')[2]?.textContent ?? '',
  );
}

describe('The rules list', () => {
  it('shows the store’s rules in priority order, whatever order they arrive in', async () => {
    const api = stubFetch({
      'GET /rule-engines': { body: { data: [THIRD, FIRST, SECOND], meta: { total: 3 } } },
    });
    renderPage('/rules');
    await screen.findByText('Wholesale');
    expect(rowNames()).toEqual(['EU orders', 'Hold big orders', 'Wholesale']);
    expect(api.requests[0]?.query.get('store_id')).toBe('11');
    // The store is remembered for next time.
    expect(Object.values({ ...localStorage })).toContain('11');
  });

  it('toggles a rule with PATCH and puts the switch back when the server refuses', async () => {
    const api = stubFetch({
      'GET /rule-engines': { body: { data: [FIRST, SECOND], meta: { total: 2 } } },
      'PATCH /rule-engines/:id': { body: { data: { ...SECOND, is_active: true } } },
    });
    renderPage('/rules');
    const second = await screen.findByLabelText('Active: Hold big orders');
    expect(second).not.toBeChecked();
    fireEvent.click(second);
    await waitFor(() => expect(api.calls('PATCH', '/rule-engines/2')).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Active: Hold big orders')).toBeChecked());

    api.on('PATCH /rule-engines/:id', { status: 500, body: { message: 'Server error', error: 'server' } });
    fireEvent.click(screen.getByLabelText('Active: EU orders'));
    await waitFor(() => expect(api.calls('PATCH', '/rule-engines/1')).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Active: EU orders')).toBeChecked());
  });

  it('moves a rule down from its menu and sends the whole new order to /sort', async () => {
    const api = stubFetch({
      'GET /rule-engines': { body: { data: [FIRST, SECOND, THIRD], meta: { total: 3 } } },
      'POST /sort': {
        body: {
          data: [
            { ...SECOND, priority: 1 },
            { ...FIRST, priority: 2 },
            { ...THIRD, priority: 3 },
          ],
        },
      },
    });
    renderPage('/rules');
    fireEvent.click(await screen.findByLabelText('More for EU orders'));
    fireEvent.click(await screen.findByText('Move down'));
    await waitFor(() => expect(api.calls('POST', '/sort')).toHaveLength(1));
    expect(api.calls('POST', '/sort')[0]?.body).toEqual({ store_id: 11, sort: [2, 1, 3] });
    await waitFor(() => expect(rowNames()).toEqual(['Hold big orders', 'EU orders', 'Wholesale']));
    // A click in the menu does not open the rule.
    expect(screen.getByTestId('location')).toHaveTextContent('/rules');
  });

  it('invites the first rule when the store has none', async () => {
    stubFetch({ 'GET /rule-engines': { body: { data: [], meta: { total: 0 } } } });
    renderPage('/rules');
    expect(await screen.findByText(EMPTY_RULES_TEXT)).toBeInTheDocument();
    fireEvent.click(
      buttonByText('Create rule', screen.getByText(EMPTY_RULES_TEXT).closest('.ant-empty') as HTMLElement),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rules/create'));
  });

  it('opens the editor when a row is clicked', async () => {
    stubFetch({ 'GET /rule-engines': { body: { data: [FIRST], meta: { total: 1 } } } });
    renderPage('/rules');
    const row = (await screen.findByText('EU orders')).closest('tr') as HTMLElement;
    // Anywhere on the row, not only its name's link.
    fireEvent.click(within(row).getByText('4'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rules/1'));
  });

  it('offers no create, toggle or reorder to someone who cannot change orders', async () => {
    stubFetch({ 'GET /rule-engines': { body: { data: [FIRST], meta: { total: 1 } } } });
    renderPage('/rules', sessionUser({ scope: ['orders.read'] }));
    const row = (await screen.findByText('EU orders')).closest('tr') as HTMLElement;
    expect(queryButtonByText('Create rule')).toBeNull();
    expect(within(row).getByLabelText('Active: EU orders')).toBeDisabled();
    expect(within(row).queryByLabelText('More for EU orders')).toBeNull();
  });

  it('runs the rules on typed order ids and follows the run live to its summary', async () => {
    const queued: RuleRunDto = {
      id: 77,
      store_id: 11,
      kind: 'manual',
      rule_id: null,
      status: 'queued',
      total: 3,
      done: 0,
      changed: 0,
      failed: 0,
      message: null,
      created_at: '2026-11-24T08:00:00Z',
      finished_at: null,
    };
    const api = stubFetch({
      'GET /rule-engines': { body: { data: [FIRST, SECOND], meta: { total: 2 } } },
      'POST /trigger-rules': { status: 202, body: { data: queued } },
      'GET /rule-runs/:id': { body: { data: queued } },
    });
    renderPage('/rules');
    await screen.findByText('EU orders');
    fireEvent.click(buttonByText('Run rules…'));
    const dialog = await findModal('Run rules on orders');
    fireEvent.click(buttonByText('Run rules', dialog));
    expect(
      await within(dialog).findByText('Enter order ids or choose a file of order ids.'),
    ).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Order ids'), {
      target: { value: '1001, 1002\n1003 1001' },
    });
    fireEvent.click(buttonByText('Run rules', dialog));
    await waitFor(() => expect(api.calls('POST', '/trigger-rules')).toHaveLength(1));
    expect(api.calls('POST', '/trigger-rules')[0]?.body).toEqual({
      store_id: 11,
      order_ids: ['1001', '1002', '1003'],
    });
    expect(await within(dialog).findByText('0 of 3 orders checked, 0 changed so far.')).toBeInTheDocument();

    await waitFor(() => expect(listenerCount('rules:run')).toBeGreaterThan(0));
    // Another run's event is not this one's.
    act(() =>
      serverEmits('rules:run', { storeId: 11, run: { ...queued, id: 78, status: 'finished', done: 3 } }),
    );
    act(() =>
      serverEmits('rules:run', { storeId: 11, run: { ...queued, status: 'running', done: 2, changed: 1 } }),
    );
    expect(await within(dialog).findByText('2 of 3 orders checked, 1 changed so far.')).toBeInTheDocument();
    act(() =>
      serverEmits('rules:run', {
        storeId: 11,
        run: { ...queued, status: 'finished', done: 3, changed: 2, finished_at: '2026-11-24T08:00:05Z' },
      }),
    );
    expect(await within(dialog).findByText('Done: 3 orders checked, 2 changed.')).toBeInTheDocument();
    // The counts of changed orders refresh once the run ends.
    await waitFor(() => expect(api.calls('GET', '/rule-engines').length).toBeGreaterThan(1));
  });

  it('opens on the store chosen last and lists another store’s rules when the seller picks it', async () => {
    const user = sessionUser({
      stores: [
        { id: 11, name: 'Acme Web' },
        { id: 12, name: 'Acme Trade' },
      ],
    });
    localStorage.setItem(currentStoreStorageKey(user), '12');
    const api = stubFetch({ 'GET /rule-engines': { body: { data: [], meta: { total: 0 } } } });
    renderPage('/rules', user);
    await screen.findByText(EMPTY_RULES_TEXT);
    expect(api.requests[0]?.query.get('store_id')).toBe('12');

    fireEvent.mouseDown(screen.getByLabelText('Store'));
    fireEvent.click(await screen.findByTitle('Acme Web'));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('store_id')).toBe('11'));
    expect(localStorage.getItem(currentStoreStorageKey(user))).toBe('11');
  });
});
