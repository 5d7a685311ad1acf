import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { CUSTOM_STATUS_TAKEN } from '@syncdesk/contracts';
import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import {
  ALL_SCOPES,
  buttonByText,
  findPopover,
  queryButtonByText,
  renderPage,
  sessionUser,
} from '../../__tests__/render-page';

const EDITOR = sessionUser({ scope: [...ALL_SCOPES, 'channels.update'] });

const CHANNEL = {
  id: 6,
  store_id: 11,
  kind: 'channel',
  type: 'shopify',
  name: 'Shopify UK',
  is_active: true,
};

function status(id: number, custom: string, friendly: string) {
  return {
    id,
    store_id: 11,
    channel_id: 6,
    custom_status: custom,
    friendly_status: friendly,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  };
}

const PATH = '/stores/11/channels/6/customOrderStatuses';

describe('Custom order statuses', () => {
  it('adds a status inline, showing a duplicate refusal on its field', async () => {
    const api = stubFetch({
      'GET /stores/:id/channels/:id': { body: { data: CHANNEL } },
      'GET /stores/:id/channels/:id/customOrderStatuses': listBody([status(1, 'backorder', 'Back order')]),
      'POST /stores/:id/channels/:id/customOrderStatuses': validationError({
        custom_status: [CUSTOM_STATUS_TAKEN],
      }),
    });
    renderPage('/stores/11/channels/6/custom-statuses', EDITOR);
    expect(await screen.findByText('Channel: Shopify UK')).toBeInTheDocument();
    expect(await screen.findByText('Back order')).toBeInTheDocument();

    const add = buttonByText('Add');
    fireEvent.click(add);
    expect(await screen.findByText('The custom status field is required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Custom status'), { target: { value: 'backorder' } });
    fireEvent.change(screen.getByLabelText('Friendly status'), { target: { value: 'Waiting for stock' } });
    fireEvent.click(add);
    expect(await screen.findByText(CUSTOM_STATUS_TAKEN)).toBeInTheDocument();

    api.on('POST /stores/:id/channels/:id/customOrderStatuses', {
      status: 201,
      body: { data: status(2, 'awaiting_pickup', 'Awaiting pickup') },
    });
    fireEvent.change(screen.getByLabelText('Custom status'), { target: { value: ' awaiting_pickup ' } });
    fireEvent.click(add);
    await waitFor(() =>
      expect(api.calls('POST', PATH).at(-1)?.body).toEqual({
        custom_status: 'awaiting_pickup',
        friendly_status: 'Waiting for stock',
      }),
    );
    await waitFor(() => expect(api.calls('GET', PATH)).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Custom status')).toHaveValue(''));
  });

  it('edits a row in place and deletes one only after confirmation', async () => {
    const api = stubFetch({
      'GET /stores/:id/channels/:id': { body: { data: CHANNEL } },
      'GET /stores/:id/channels/:id/customOrderStatuses': listBody([status(1, 'backorder', 'Back order')]),
      'PUT /stores/:id/channels/:id/customOrderStatuses/:id': {
        body: { data: status(1, 'backorder', 'On back order') },
      },
      'DELETE /stores/:id/channels/:id/customOrderStatuses/:id': { status: 204 },
    });
    renderPage('/stores/11/channels/6/custom-statuses', EDITOR);
    const row = (await screen.findByText('backorder')).closest('tr') as HTMLElement;

    fireEvent.click(buttonByText('Edit', row));
    const friendly = await within(row).findByLabelText('Edit friendly status');
    fireEvent.change(friendly, { target: { value: 'On back order' } });
    fireEvent.click(buttonByText('Save', row));
    await waitFor(() =>
      expect(api.calls('PUT', `${PATH}/1`)[0]?.body).toEqual({
        custom_status: 'backorder',
        friendly_status: 'On back order',
      }),
    );

    const current = (await screen.findByText('backorder')).closest('tr') as HTMLElement;
    // Delete is offered again once the row has left edit mode.
    await waitFor(() => expect(buttonByText('Delete', current)).toBeEnabled());
    fireEvent.click(buttonByText('Delete', current));
    const popup = await findPopover('Delete backorder?');
    expect(api.calls('DELETE', `${PATH}/1`)).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', `${PATH}/1`)).toHaveLength(1));
  });

  it('is read-only without channels.update', async () => {
    stubFetch({
      'GET /stores/:id/channels/:id': { body: { data: CHANNEL } },
      'GET /stores/:id/channels/:id/customOrderStatuses': listBody([status(1, 'backorder', 'Back order')]),
    });
    renderPage('/stores/11/channels/6/custom-statuses');
    expect(await screen.findByText('Back order')).toBeInTheDocument();
    expect(screen.queryByLabelText('Custom status')).not.toBeInTheDocument();
    expect(queryButtonByText('Delete')).not.toBeInTheDocument();
  });
});
