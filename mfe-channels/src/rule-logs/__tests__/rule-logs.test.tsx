import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { RuleEngineLogContentDto, RuleEngineLogDto } from '@syncdesk/contracts';
import { listBody, stubFetch, type StubbedRequest } from '@syncdesk/web-kit/testing';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

import { buttonByText, choose, findHeading, renderPage, sessionUser } from '../../__tests__/render-page';
import { RULE_LOGS_EMPTY } from '../rule-log-text';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const LOGS = '/logs/ruleEngineLogs';
const READER = sessionUser({ scope: ['stores.read', 'logs.read'] });
const TWO_STORES = sessionUser({
  scope: ['stores.read', 'logs.read'],
  stores: [
    { id: 11, name: 'Acme Web' },
    { id: 12, name: 'Acme EU' },
  ],
});

function log(overrides: Partial<RuleEngineLogDto> = {}): RuleEngineLogDto {
  return {
    id: 700,
    store_id: 11,
    rule_id: 3,
    rule_version: 2,
    rule_engine_name: 'EU tag',
    data_reference: 'AC-1001',
    order_id: 55,
    trigger_type: 'order_imported',
    matched: true,
    changed: true,
    message: 'Added the tag EU.',
    created_at: '2026-11-24T09:15:00Z',
    ...overrides,
  };
}

const NOT_MATCHED = log({
  id: 701,
  data_reference: 'AC-1002',
  order_id: null,
  trigger_type: 'backfill',
  matched: false,
  changed: false,
  message: 'Conditions not met.',
});
const UNCHANGED = log({
  id: 702,
  data_reference: 'AC-1003',
  order_id: 57,
  trigger_type: 'manual',
  changed: false,
  message: 'The order had the tag EU already.',
});

async function rowOf(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

const lastListQuery = (api: { calls(method: string, path: string): StubbedRequest[] }) => {
  const calls = api.calls('GET', LOGS);
  return calls[calls.length - 1]!.query;
};

describe('Rule engine logs', () => {
  it('lists what each rule did: UTC date, rule, order link, trigger, result and message', async () => {
    stubFetch({
      [`GET ${LOGS}`]: listBody([log(), NOT_MATCHED, UNCHANGED]),
      'GET /rule-engines': listBody([]),
    });
    renderPage('/transactionRecords/rules', READER);
    expect(await findHeading('Transaction records')).toBeInTheDocument();

    const changed = await rowOf('Added the tag EU.');
    expect(within(changed).getByText('24 Nov 2026 09:15:00 UTC')).toHaveAttribute(
      'href',
      '/transactionRecords/rules/700',
    );
    expect(within(changed).getByText('EU tag')).toBeInTheDocument();
    expect(within(changed).getByText('AC-1001')).toHaveAttribute('href', '/orders/11/55');
    expect(within(changed).getByText('Order imported')).toBeInTheDocument();
    expect(within(changed).getByText('Changed')).toBeInTheDocument();

    const notMatched = await rowOf('Conditions not met.');
    // An order that is gone is named, not linked.
    expect(within(notMatched).getByText('AC-1002').closest('a')).toBeNull();
    expect(within(notMatched).getByText('Backfill')).toBeInTheDocument();
    expect(within(notMatched).getByText('Not matched')).toBeInTheDocument();

    const unchanged = await rowOf('The order had the tag EU already.');
    expect(within(unchanged).getByText('Run by hand')).toBeInTheDocument();
    expect(within(unchanged).getByText('Matched, nothing to change')).toBeInTheDocument();
  });

  it('sends the store, rule, trigger, result and search filters as the api reads them', async () => {
    const api = stubFetch({
      [`GET ${LOGS}`]: (request) => (request.query.has('store_id') ? listBody([]) : listBody([log()])),
      'GET /rule-engines': (request) =>
        listBody(
          request.query.get('store_id') === '12'
            ? [{ id: 9, name: 'Hold big orders' }]
            : [{ id: 3, name: 'EU tag' }],
        ),
    });
    renderPage('/transactionRecords/rules', TWO_STORES);
    await rowOf('Added the tag EU.');

    await choose('Filter by store', 'Acme EU');
    await waitFor(() => expect(lastListQuery(api).get('store_id')).toBe('12'));
    expect(
      await screen.findByText('No rule engine logs match these filters. Clear the filters to see them all.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('GET', '/rule-engines').some((call) => call.query.get('store_id') === '12')).toBe(
        true,
      ),
    );

    await choose('Filter by rule', 'Hold big orders');
    await waitFor(() => expect(lastListQuery(api).get('rule_id')).toBe('9'));

    await choose('Filter by trigger', 'Order sent to a plugin');
    await waitFor(() => expect(lastListQuery(api).get('trigger_type')).toBe('order_sending_to_plugin'));

    await choose('Filter by result', 'Matched, nothing to change');
    await waitFor(() => expect(lastListQuery(api).get('changed')).toBe('0'));
    expect(lastListQuery(api).get('matched')).toBe('1');
    expect(lastListQuery(api).get('store_id')).toBe('12');
    expect(lastListQuery(api).get('page')).toBe('1');

    const search = screen.getByLabelText('Search order number');
    fireEvent.change(search, { target: { value: 'AC-1001' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastListQuery(api).get('search')).toBe('AC-1001'));

    fireEvent.click(buttonByText('Clear filters'));
    await waitFor(() => expect(lastListQuery(api).has('store_id')).toBe(false));
    const cleared = lastListQuery(api);
    for (const key of ['rule_id', 'trigger_type', 'matched', 'changed']) expect(cleared.has(key)).toBe(false);
  });

  it('says when no rule has run yet, and reloads when a rules run progresses', async () => {
    let rows: RuleEngineLogDto[] = [];
    const api = stubFetch({ [`GET ${LOGS}`]: () => listBody(rows), 'GET /rule-engines': listBody([]) });
    renderPage('/transactionRecords/rules', READER);
    expect(await screen.findByText(RULE_LOGS_EMPTY)).toBeInTheDocument();
    await waitFor(() => expect(listenerCount('rules:run')).toBeGreaterThan(0));

    rows = [log()];
    const before = api.calls('GET', LOGS).length;
    act(() =>
      serverEmits('rules:run', {
        storeId: 11,
        run: {
          id: 4,
          store_id: 11,
          kind: 'backfill',
          rule_id: 3,
          status: 'running',
          total: 10,
          done: 5,
          changed: 1,
          failed: 0,
          message: null,
          created_at: '2026-11-24T09:14:00Z',
          finished_at: null,
        },
      }),
    );
    expect(await screen.findByText('Added the tag EU.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.calls('GET', LOGS).length).toBeGreaterThan(before);
  });

  it('is a tab of transaction records', async () => {
    stubFetch({ 'GET /stores/11/channels': listBody([]), [`GET ${LOGS}`]: listBody([]) });
    renderPage('/transactionRecords', READER);
    fireEvent.click(await screen.findByText('Rules'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/transactionRecords/rules'),
    );
    expect(await screen.findByText(RULE_LOGS_EMPTY)).toBeInTheDocument();
  });
});

const CONTENT: RuleEngineLogContentDto = {
  ...log({ rule_engine_name: 'EU wholesale', message: 'Added the tag EU; set the order type to B2B.' }),
  evaluation: {
    rule_id: 3,
    rule_version: 2,
    rule_name: 'EU wholesale',
    matched: true,
    skipped: null,
    groups: [
      {
        match: 'all',
        held: true,
        conditions: [
          { field: 'shipping_country', operator: 'is', value: 'DE', actual: 'DE', held: true },
          { field: 'total_quantity', operator: 'greater_than', value: '5', actual: '12', held: true },
        ],
      },
      {
        match: 'any',
        held: false,
        conditions: [{ field: 'order_tag', operator: 'is', value: 'VIP', actual: '(empty)', held: false }],
      },
    ],
    actions: [
      { action: 'add_tag', value: 'EU', changed: true, before: '(empty)', after: 'EU', note: null },
      {
        action: 'update_order_sync_status',
        value: 'on_hold',
        changed: false,
        before: null,
        after: null,
        note: 'Synced orders cannot be put on hold.',
      },
    ],
  },
};

describe('Rule engine log detail', () => {
  it('shows each condition held or not with what the order had, and each action before → after or why not', async () => {
    stubFetch({ [`GET ${LOGS}/700/content`]: { body: { data: CONTENT } } });
    renderPage('/transactionRecords/rules/700', READER);
    expect(await findHeading('EU wholesale')).toBeInTheDocument();
    expect(screen.getByText('Order AC-1001 · Order imported · 24 Nov 2026 09:15:00 UTC')).toBeInTheDocument();
    expect(screen.getByText('AC-1001')).toHaveAttribute('href', '/orders/11/55');
    expect(screen.getByText('(version 2)')).toBeInTheDocument();

    const conditions = screen.getAllByTestId('condition');
    expect(conditions).toHaveLength(3);
    expect(within(conditions[0]!).getByText('Shipping country ISO code is DE')).toBeInTheDocument();
    expect(within(conditions[0]!).getByLabelText('Held')).toBeInTheDocument();
    expect(within(conditions[1]!).getByText('The order had: 12')).toBeInTheDocument();
    expect(within(conditions[2]!).getByText('Order tag is VIP')).toBeInTheDocument();
    expect(within(conditions[2]!).getByLabelText('Not held')).toBeInTheDocument();
    expect(within(conditions[2]!).getByText('The order had: (empty)')).toBeInTheDocument();
    expect(screen.getByText('All of')).toBeInTheDocument();
    expect(screen.getByText('Any of')).toBeInTheDocument();

    const actions = screen.getAllByTestId('action');
    expect(within(actions[0]!).getByText('Add tag EU')).toBeInTheDocument();
    expect(within(actions[0]!).getByText('(empty) → EU')).toBeInTheDocument();
    expect(within(actions[0]!).getByText('Changed')).toBeInTheDocument();
    expect(within(actions[1]!).getByText('Update order sync status to On hold')).toBeInTheDocument();
    expect(within(actions[1]!).getByText('Synced orders cannot be put on hold.')).toBeInTheDocument();
    expect(within(actions[1]!).getByText('No change')).toBeInTheDocument();

    fireEvent.click(buttonByText('Back to rule engine logs'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/transactionRecords\/rules$/),
    );
  });

  it('says no action ran when the conditions did not hold', async () => {
    stubFetch({
      [`GET ${LOGS}/701/content`]: {
        body: {
          data: {
            ...CONTENT,
            ...NOT_MATCHED,
            evaluation: { ...CONTENT.evaluation, matched: false, actions: [] },
          },
        },
      },
    });
    renderPage('/transactionRecords/rules/701', READER);
    expect(await screen.findByText('The conditions did not hold, so no action ran.')).toBeInTheDocument();
    expect(screen.getByText('Not matched')).toBeInTheDocument();
  });
});
