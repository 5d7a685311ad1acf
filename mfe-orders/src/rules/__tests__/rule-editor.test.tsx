import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import {
  RULE_MESSAGES,
  type RuleDryRunDto,
  type RuleInput,
  type RuleRunDto,
  type RuleVersionDto,
} from '@syncdesk/contracts';
import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, findModal, renderPage } from '../../orders/__tests__/render-orders-page';
import { UNFINISHED_RULE_TEXT } from '../DryRunPreview';
import { LEAVE_UNSAVED_TEXT } from '../RuleEditorPage';
import { META_ROUTES, ruleDto } from './rule-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

/** Opens the Select labelled `label` and picks `option` (earlier dropdowns stay in the DOM: the last match is this one's). */
async function choose(label: string, option: string) {
  // Rows re-render on the form's watch, which antd delivers a tick later: wait for the input.
  fireEvent.mouseDown(await screen.findByLabelText(label));
  const options = (await screen.findAllByTitle(option)).filter((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

/** The option labels the Select labelled `label` offers now. */
async function optionsOf(label: string): Promise<string[]> {
  fireEvent.mouseDown(await screen.findByLabelText(label));
  const list = await waitFor(() => {
    const id = screen.getByLabelText(label).getAttribute('aria-controls');
    const element = id ? document.getElementById(id) : null;
    if (!element) throw new Error('dropdown not open');
    return element.closest('.ant-select-dropdown') as HTMLElement;
  });
  const labels = [...list.querySelectorAll('.ant-select-item-option')].map(
    (option) => option.getAttribute('title') ?? '',
  );
  fireEvent.keyDown(screen.getByLabelText(label), { key: 'Escape' });
  return labels;
}

const type = async (label: string, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });

async function fillEuRule() {
  await type('Name', 'EU orders');
  await choose('Field, group 1 condition 1', 'Shipping country ISO code');
  // The row swaps its value input for the country's two-letter one.
  await waitFor(() =>
    expect(screen.getByLabelText('Value, group 1 condition 1')).toHaveAttribute('maxlength', '2'),
  );
  await type('Value, group 1 condition 1', 'de');
  await choose('Action, action 1', 'Add tag');
  await type('Value, action 1', 'EU');
}

describe('The rule editor', () => {
  it('builds the rule from what the seller chose: operators follow the field, country codes are uppercased', async () => {
    const api = stubFetch({
      ...META_ROUTES,
      'POST /rule-engines': { status: 201, body: { data: ruleDto({ id: 9 }) } },
      'POST /rule-engines/dry-run': validationError({}),
    });
    renderPage('/rules/create?store_id=11');
    await screen.findByLabelText('Field, group 1 condition 1');
    // A rule without a condition or an action cannot match anything yet: a hint, not errors.
    expect(screen.getByText(UNFINISHED_RULE_TEXT)).toBeInTheDocument();

    await choose('Field, group 1 condition 1', 'Total quantity');
    const numberOperators = await optionsOf('Operator, group 1 condition 1');
    expect(numberOperators).toContain('is greater than');
    expect(numberOperators).not.toContain('contains');

    await fillEuRule();
    const countryOperators = await optionsOf('Operator, group 1 condition 1');
    expect(countryOperators).toEqual(['is', 'equals', 'does not equal', 'is empty']);
    expect(screen.getByLabelText('Value, group 1 condition 1')).toHaveValue('DE');

    fireEvent.click(buttonByText('Create rule'));
    await waitFor(() => expect(api.calls('POST', '/rule-engines')).toHaveLength(1));
    const sent = api.calls('POST', '/rule-engines')[0]?.body as RuleInput;
    expect(sent).toEqual({
      store_id: 11,
      name: 'EU orders',
      data_type: 'order',
      trigger_events: ['order_imported'],
      groups_match: 'all',
      condition_groups: [
        { match: 'all', conditions: [{ field: 'shipping_country', operator: 'is', value: 'DE' }] },
      ],
      actions: [{ action: 'add_tag', value: 'EU' }],
      is_active: true,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rules/9'));
  });

  it('shows the server’s 422 messages under the fields they name', async () => {
    const countryError = 'Shipping country ISO code must be a two-letter country code, such as DE.';
    const tagError = 'A tag must be at most 64 characters.';
    stubFetch({
      ...META_ROUTES,
      'POST /rule-engines': validationError({
        'condition_groups.0.conditions.0.value': [countryError],
        'actions.0.value': [tagError],
        actions: [RULE_MESSAGES.oneStatus],
        trigger_events: [RULE_MESSAGES.triggersRequired],
      }),
      'POST /rule-engines/dry-run': validationError({}),
    });
    renderPage('/rules/create?store_id=11');
    await screen.findByLabelText('Field, group 1 condition 1');
    await fillEuRule();
    fireEvent.click(buttonByText('Create rule'));

    const shown = await screen.findByText(countryError, { selector: '.ant-form-item-explain-error' });
    expect(shown.closest('.ant-form-item')).toContainElement(
      screen.getByLabelText('Value, group 1 condition 1'),
    );
    const tag = await screen.findByText(tagError, { selector: '.ant-form-item-explain-error' });
    expect(tag.closest('.ant-form-item')).toContainElement(screen.getByLabelText('Value, action 1'));
    // Messages about a whole list or a group of checkboxes show beside it.
    expect(screen.getByText(RULE_MESSAGES.oneStatus)).toBeInTheDocument();
    expect(
      screen.getByText(RULE_MESSAGES.triggersRequired, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/rules/create');
  });

  it('tells an empty action row what to choose, in the dry run and beside the row when saving', async () => {
    stubFetch({
      ...META_ROUTES,
      // What the api answers for the empty row: the contracts' own message (rule-schemas.test.ts).
      'POST /rule-engines': validationError({ 'actions.0.action': [RULE_MESSAGES.actionChoice] }),
      'POST /rule-engines/dry-run': validationError({}),
    });
    renderPage('/rules/create?store_id=11');
    await type('Name', 'EU orders');
    await choose('Field, group 1 condition 1', 'Shipping country ISO code');
    await type('Value, group 1 condition 1', 'de');

    // The condition is whole; the preview names the row still missing its action.
    expect(await screen.findByTestId('dry-run-problem')).toHaveTextContent(
      `Action 1: ${RULE_MESSAGES.actionChoice}`,
    );
    fireEvent.click(buttonByText('Create rule'));
    const shown = await screen.findByText(RULE_MESSAGES.actionChoice, {
      selector: '.ant-form-item-explain-error',
    });
    expect(shown.closest('.ant-form-item')).toContainElement(screen.getByLabelText('Action, action 1'));
    expect(screen.queryByText(/Invalid option/)).not.toBeInTheDocument();
  });

  it('previews the saved rule on the latest orders and shows its history', async () => {
    const dryRun: RuleDryRunDto = {
      data: [
        {
          order_id: 501,
          order_number: 'AC-1001',
          order_date: '2026-11-22T14:03:05Z',
          channel_name: 'Shopify',
          evaluation: {
            rule_id: 1,
            rule_version: 2,
            rule_name: 'EU orders',
            matched: true,
            skipped: null,
            groups: [
              {
                match: 'all',
                held: true,
                conditions: [
                  { field: 'shipping_country', operator: 'is', value: 'DE', actual: 'DE', held: true },
                ],
              },
            ],
            actions: [
              { action: 'add_tag', value: 'EU', changed: true, before: '(no tags)', after: 'EU', note: null },
            ],
          },
        },
        {
          order_id: 502,
          order_number: 'AC-1002',
          order_date: '2026-11-22T15:00:00Z',
          channel_name: 'Amazon',
          evaluation: {
            rule_id: 1,
            rule_version: 2,
            rule_name: 'EU orders',
            matched: false,
            skipped: null,
            groups: [
              {
                match: 'all',
                held: false,
                conditions: [
                  { field: 'shipping_country', operator: 'is', value: 'DE', actual: 'GB', held: false },
                ],
              },
            ],
            actions: [],
          },
        },
      ],
      meta: { evaluated: 50, matched: 1 },
    };
    const versions: RuleVersionDto[] = [
      {
        version: 2,
        saved_at: '2026-11-23T09:15:00Z',
        saved_by: 'Olivia Owner',
        changes: ['Added the condition Shipping country ISO code is DE.'],
        definition: ruleDto({ version: 2 }),
      },
    ];
    const api = stubFetch({
      ...META_ROUTES,
      'GET /rule-engines/:id': { body: { data: ruleDto({ version: 2 }) } },
      'GET /rule-engines/:id/versions': { body: { data: versions } },
      'POST /rule-engines/dry-run': { body: dryRun },
    });
    renderPage('/rules/1');

    const preview = await screen.findByTestId('dry-run');
    expect(
      await within(preview).findByText('Matches 1 of the last 50 orders', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(within(preview).getByText('AC-1001').closest('a')).toHaveAttribute('href', '/orders/11/501');
    expect(within(preview).getByText('22 Nov 2026 14:03:05 UTC')).toBeInTheDocument();
    expect(within(preview).getByText('Add tag EU: (no tags) → EU')).toBeInTheDocument();
    expect(within(preview).queryByText('AC-1002')).toBeNull();
    const body = api.calls('POST', '/rule-engines/dry-run')[0]?.body as { rule: RuleInput };
    expect(body.rule).toMatchObject({ store_id: 11, actions: [{ action: 'add_tag', value: 'EU' }] });

    fireEvent.click(within(preview).getByLabelText("Show orders that don't match"));
    expect(await within(preview).findByText('AC-1002')).toBeInTheDocument();
    expect(within(preview).getByText('✗ Shipping country ISO code is DE — order has GB')).toBeInTheDocument();

    expect(
      await screen.findByText('Added the condition Shipping country ISO code is DE.'),
    ).toBeInTheDocument();
    expect(screen.getByText('23 Nov 2026 09:15:00 UTC · Olivia Owner')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, and saves a changed rule with PUT', async () => {
    const api = stubFetch({
      ...META_ROUTES,
      'GET /rule-engines/:id': { body: { data: ruleDto() } },
      'GET /rule-engines/:id/versions': { body: { data: [] } },
      'POST /rule-engines/dry-run': validationError({}),
      'PUT /rule-engines/:id': { body: { data: ruleDto({ name: 'EU and CH orders', version: 2 }) } },
    });
    renderPage('/rules/1');
    await type('Name', 'EU and CH orders');
    fireEvent.click(buttonByText('Back to rules'));
    const dialog = (
      await screen.findByText(LEAVE_UNSAVED_TEXT, { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    fireEvent.click(buttonByText('Stay', dialog));
    expect(screen.getByTestId('location')).toHaveTextContent('/rules/1');

    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(api.calls('PUT', '/rule-engines/1')).toHaveLength(1));
    expect(api.calls('PUT', '/rule-engines/1')[0]?.body).toMatchObject({
      store_id: 11,
      name: 'EU and CH orders',
    });
    // Saved: nothing is lost by leaving now, so no question.
    await waitFor(() => expect(api.calls('GET', '/rule-engines/1/versions')).toHaveLength(2));
    fireEvent.click(buttonByText('Back to rules'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/rules$/));
  });

  it('backfills the saved rule on the orders the filters pick, after saying what it will do', async () => {
    const queued: RuleRunDto = {
      id: 81,
      store_id: 11,
      kind: 'backfill',
      rule_id: 1,
      status: 'running',
      total: 40,
      done: 10,
      changed: 3,
      failed: 0,
      message: null,
      created_at: '2026-11-24T08:00:00Z',
      finished_at: null,
    };
    const api = stubFetch({
      ...META_ROUTES,
      'GET /rule-engines/:id': { body: { data: ruleDto() } },
      'GET /rule-engines/:id/versions': { body: { data: [] } },
      'POST /rule-engines/dry-run': validationError({}),
      'GET /stores/:storeId/channels': listBody([{ id: 6, name: 'Shopify UK' }]),
      'POST /rule-engines/:id/backfill': { status: 202, body: { data: queued } },
      'GET /rule-runs/:id': { body: { data: queued } },
    });
    renderPage('/rules/1');
    fireEvent.click(await screen.findByText('Backfill…'));
    const dialog = await findModal('Backfill “EU orders”');
    await choose('Sync status', 'Pending');
    await choose('Channels', 'Shopify UK');
    fireEvent.click(buttonByText('Next', dialog));
    expect(
      await within(dialog).findByText(
        'Apply “EU orders” (version 1) to the store’s orders with sync status Pending, from Shopify UK?',
      ),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/rule-engines/1/backfill')).toHaveLength(0);

    fireEvent.click(buttonByText('Apply the rule', dialog));
    await waitFor(() => expect(api.calls('POST', '/rule-engines/1/backfill')).toHaveLength(1));
    expect(api.calls('POST', '/rule-engines/1/backfill')[0]?.body).toEqual({
      filters: { 'sync_status[eq]': '0', 'channel_id[in]': ['6'] },
    });
    expect(await within(dialog).findByText('10 of 40 orders checked, 3 changed so far.')).toBeInTheDocument();
  });
});
