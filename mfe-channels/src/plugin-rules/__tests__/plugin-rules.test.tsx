import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import {
  RULE_ACTIONS,
  RULE_CONDITION_FIELDS,
  RULE_OPERATORS,
  RULE_OPERATORS_BY_TYPE,
  settingsFormFor,
  type PluginRuleDto,
} from '@syncdesk/contracts';
import { stubFetch, validationError, type RouteHandler } from '@syncdesk/web-kit/testing';

import {
  buttonByText,
  choose,
  findModal,
  findPopover,
  queryButtonByText,
  renderPage,
  sessionUser,
} from '../../__tests__/render-page';
import { connection } from '../../connections/__tests__/connection-fixtures';
import { PLUGIN_RULES_EMPTY } from '../PluginRulesCard';

const PLUGIN = connection({
  id: 9,
  kind: 'plugin',
  type: 'mintsoft',
  provider: 'Mintsoft',
  category: 'WMS',
  name: 'Main warehouse',
});
const PAGE = '/stores/11/plugins/9';
const RULES = '/stores/11/plugins/9/rules';

const EDITOR = sessionUser({ scope: ['stores.read', 'channels.read', 'channels.update'] });
const READER = sessionUser({ scope: ['stores.read', 'channels.read'] });

function pluginRule(overrides: Partial<PluginRuleDto> = {}): PluginRuleDto {
  return {
    id: 31,
    plugin_id: 9,
    version: 1,
    name: 'EU orders',
    condition_field: 'shipping_country',
    condition_operator: 'is',
    condition_value: 'DE',
    action_name: 'add_tag',
    action_value: 'EU',
    execution_step: 1,
    is_active: true,
    created_at: '2026-11-24T08:00:00Z',
    updated_at: '2026-11-24T08:00:00Z',
    ...overrides,
  };
}

const BULKY = pluginRule({
  id: 32,
  name: 'Bulky orders',
  condition_field: 'total_quantity',
  condition_operator: 'greater_than',
  condition_value: '10',
  action_name: 'update_order_sync_status',
  action_value: 'on_hold',
  execution_step: 2,
  is_active: false,
});

/** The api's condition fields and actions, built from the contracts' vocabulary as the api does. */
const VOCABULARY: Record<string, RouteHandler> = {
  'GET /condition-fields/order': {
    body: {
      data: RULE_CONDITION_FIELDS.map((field) => ({
        ...field,
        operators: RULE_OPERATORS_BY_TYPE[field.type].map((key) => ({
          key,
          label: RULE_OPERATORS.find((operator) => operator.key === key)?.label,
        })),
      })),
    },
  },
  'GET /actions/order': {
    body: {
      data: RULE_ACTIONS.map((action) =>
        action.valueType === 'sync_status'
          ? {
              ...action,
              options: [
                { value: 'on_hold', label: 'On hold' },
                { value: 'pending', label: 'Pending' },
              ],
            }
          : action,
      ),
    },
  },
};

function pluginPage(rules: RouteHandler, extra: Record<string, RouteHandler> = {}) {
  return stubFetch({
    'GET /stores/:storeId/plugins/:pluginId': { body: { data: PLUGIN } },
    'GET /stores/:id/channels/form/:type': (request) => ({
      body: { data: settingsFormFor(request.path.split('/').at(-1) ?? '') },
    }),
    [`GET ${RULES}`]: rules,
    ...VOCABULARY,
    ...extra,
  });
}

async function rowOf(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

describe('Plugin rules on the plugin page', () => {
  it('lists the rules in step order, conditions and actions as sentences', async () => {
    pluginPage({ body: { data: [BULKY, pluginRule()] } });
    renderPage(PAGE, EDITOR);
    const eu = await rowOf('EU orders');
    expect(within(eu).getByText('Shipping country ISO code is DE')).toBeInTheDocument();
    expect(within(eu).getByText('Add tag EU')).toBeInTheDocument();
    expect(within(eu).getByRole('switch')).toBeChecked();
    const bulky = await rowOf('Bulky orders');
    expect(within(bulky).getByText('Total quantity is greater than 10')).toBeInTheDocument();
    expect(within(bulky).getByText('Update order sync status to On hold')).toBeInTheDocument();
    expect(within(bulky).getByRole('switch')).not.toBeChecked();
    // Step 1 first, whatever order the api answered in.
    const rows = screen.getAllByText(/orders$/, { selector: 'td' }).map((cell) => cell.textContent);
    expect(rows).toEqual(['EU orders', 'Bulky orders']);
  });

  it('adds a rule: country uppercased, action value, next step; the new rule is listed', async () => {
    let rules: PluginRuleDto[] = [BULKY];
    const api = pluginPage(() => ({ body: { data: rules } }), {
      [`POST ${RULES}`]: (request) => {
        const created = pluginRule({ ...(request.body as Partial<PluginRuleDto>), id: 40 });
        rules = [BULKY, created];
        return { status: 201, body: { data: created } };
      },
    });
    renderPage(PAGE, EDITOR);
    await rowOf('Bulky orders');
    fireEvent.click(buttonByText('Add rule'));
    const dialog = await findModal('Add plugin rule');
    fireEvent.change(await within(dialog).findByLabelText('Name'), { target: { value: 'Germany' } });
    await choose('Condition field', 'Shipping country ISO code', dialog);
    // A field starts at its first operator ("is" for countries), and asks two letters.
    await waitFor(() => expect(within(dialog).getByLabelText('Value')).toHaveAttribute('maxlength', '2'));
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: 'de' } });
    expect(within(dialog).getByLabelText('Value')).toHaveValue('DE');
    fireEvent.change(within(dialog).getByLabelText('Action value'), { target: { value: 'EU' } });
    expect(within(dialog).getByLabelText('Execution step')).toHaveValue('3');
    fireEvent.click(buttonByText('Add rule', dialog));

    await waitFor(() => expect(api.calls('POST', RULES)).toHaveLength(1));
    expect(api.calls('POST', RULES)[0]!.body).toEqual({
      name: 'Germany',
      condition_field: 'shipping_country',
      condition_operator: 'is',
      condition_value: 'DE',
      action_name: 'add_tag',
      action_value: 'EU',
      execution_step: 3,
    });
    expect(await rowOf('Germany')).toBeInTheDocument();
  });

  it('checks the value before sending, and shows the api’s 422 messages under their fields', async () => {
    const api = pluginPage(
      { body: { data: [] } },
      {
        [`POST ${RULES}`]: validationError({ name: ['A rule of this plugin is named Germany already.'] }),
      },
    );
    renderPage(PAGE, EDITOR);
    expect(await screen.findByText(PLUGIN_RULES_EMPTY)).toBeInTheDocument();
    fireEvent.click(buttonByText('Add rule'));
    const dialog = await findModal('Add plugin rule');
    fireEvent.change(await within(dialog).findByLabelText('Name'), { target: { value: 'Germany' } });
    await choose('Condition field', 'Total quantity', dialog);
    await choose('Action', 'Multiply line item quantity', dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Action value')).toHaveAttribute('role', 'spinbutton'),
    );
    fireEvent.click(buttonByText('Add rule', dialog));
    // The contracts' own messages, without a request.
    expect(await within(dialog).findByText('Enter a value for Total quantity.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('The multiplier must be a whole number from 2 to 1000.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', RULES)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Action value'), { target: { value: '3' } });
    fireEvent.click(buttonByText('Add rule', dialog));
    await waitFor(() => expect(api.calls('POST', RULES)).toHaveLength(1));
    expect(api.calls('POST', RULES)[0]!.body).toMatchObject({
      condition_field: 'total_quantity',
      condition_operator: 'equals',
      condition_value: '5',
      action_name: 'multiply_line_item_quantity',
      action_value: '3',
    });
    expect(
      await within(dialog).findByText('A rule of this plugin is named Germany already.'),
    ).toBeInTheDocument();
  });

  it('offers the sync statuses the api lists, and no value for “is empty”', async () => {
    const api = pluginPage(
      { body: { data: [] } },
      {
        [`POST ${RULES}`]: (request) => ({
          status: 201,
          body: { data: pluginRule(request.body as Partial<PluginRuleDto>) },
        }),
      },
    );
    renderPage(PAGE, EDITOR);
    fireEvent.click(await screen.findByText('Add rule', { selector: 'button *' }));
    const dialog = await findModal('Add plugin rule');
    fireEvent.change(await within(dialog).findByLabelText('Name'), { target: { value: 'Untagged' } });
    await choose('Condition field', 'Order tag', dialog);
    await choose('Operator', 'is empty', dialog);
    await waitFor(() => expect(within(dialog).queryByLabelText('Value')).toBeNull());
    await choose('Action', 'Update order sync status', dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Action value')).toHaveAttribute('role', 'combobox'),
    );
    await choose('Action value', 'On hold', dialog);
    fireEvent.click(buttonByText('Add rule', dialog));
    await waitFor(() => expect(api.calls('POST', RULES)).toHaveLength(1));
    expect(api.calls('POST', RULES)[0]!.body).toMatchObject({
      condition_field: 'order_tag',
      condition_operator: 'is_empty',
      condition_value: null,
      action_name: 'update_order_sync_status',
      action_value: 'on_hold',
    });
  });

  it('switches a rule off and deletes one after confirmation', async () => {
    const api = pluginPage(
      { body: { data: [pluginRule()] } },
      {
        [`PUT ${RULES}/31/status`]: { body: { data: pluginRule({ is_active: false }) } },
        [`DELETE ${RULES}/31`]: { body: { data: { id: 31 } } },
      },
    );
    renderPage(PAGE, EDITOR);
    const row = await rowOf('EU orders');
    fireEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(api.calls('PUT', `${RULES}/31/status`)).toHaveLength(1));
    expect(api.calls('PUT', `${RULES}/31/status`)[0]!.body).toEqual({ is_active: false });
    await waitFor(() => expect(within(row).getByRole('switch')).not.toBeChecked());

    fireEvent.click(buttonByText('Delete', row));
    const popup = await findPopover('Delete the rule EU orders?');
    expect(api.calls('DELETE', `${RULES}/31`)).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', `${RULES}/31`)).toHaveLength(1));
  });

  it('edits a rule with its saved values', async () => {
    const api = pluginPage(
      { body: { data: [BULKY] } },
      {
        [`PUT ${RULES}/32`]: (request) => ({ body: { data: { ...BULKY, ...(request.body as object) } } }),
      },
    );
    renderPage(PAGE, EDITOR);
    fireEvent.click(buttonByText('Edit', await rowOf('Bulky orders')));
    const dialog = await findModal('Edit plugin rule');
    expect(await within(dialog).findByLabelText('Value')).toHaveValue('10');
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: '20' } });
    fireEvent.click(buttonByText('Save', dialog));
    await waitFor(() => expect(api.calls('PUT', `${RULES}/32`)).toHaveLength(1));
    expect(api.calls('PUT', `${RULES}/32`)[0]!.body).toEqual({
      name: 'Bulky orders',
      condition_field: 'total_quantity',
      condition_operator: 'greater_than',
      condition_value: '20',
      action_name: 'update_order_sync_status',
      action_value: 'on_hold',
      execution_step: 2,
      is_active: false,
    });
  });

  it('hides adding, editing and deleting from a role without channels.update', async () => {
    pluginPage({ body: { data: [pluginRule()] } });
    renderPage(PAGE, READER);
    const row = await rowOf('EU orders');
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(queryButtonByText('Add rule')).toBeNull();
    expect(queryButtonByText('Edit', row)).toBeNull();
    expect(queryButtonByText('Delete', row)).toBeNull();
  });

  it('is not shown while a plugin is being added', async () => {
    const api = pluginPage({ body: { data: [] } });
    renderPage('/stores/11/plugins/create/mintsoft', EDITOR);
    expect(await screen.findByText('Add Mintsoft')).toBeInTheDocument();
    expect(screen.queryByText('Plugin rules')).toBeNull();
    expect(api.calls('GET', RULES)).toHaveLength(0);
  });
});
