import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { ACKNOWLEDGEMENT_MESSAGES, type ConfirmationOrderItemDto } from '@syncdesk/contracts';
import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import {
  buttonByText,
  findPopover,
  renderPage,
  sessionUser,
} from '../../invoices/__tests__/render-docs-page';
import { NOT_READY_MESSAGE, PROCESSING_TEXT } from '../ConfirmationOrderDetailPage';
import { LID, MUG, ORDER } from './confirmation-order-fixtures';

const PATH = '/confirmationOrders/11/31';
const ITEM_PATH = '/confirmationOrders/11/31/101/updateItem';

function stubOrder(items: ConfirmationOrderItemDto[] = [MUG, LID]) {
  return stubFetch({
    'GET /confirmationOrders/:storeId/:id': { body: { data: ORDER } },
    'GET /confirmationOrders/:storeId/:id/confirmationOrderItems': { body: { data: items } },
    'GET /activities/confirmation_order/:id': listBody([]),
  });
}

const field = (label: string) => screen.getByLabelText(`${label}, item 1 (MUG-RED)`);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('Acknowledging a confirmation order', () => {
  it('shows the order, its deadline and, as the seller types, a split that cannot be right', async () => {
    stubOrder();
    renderPage(PATH);
    expect(await screen.findByText('Confirmation order PO-7A1')).toBeInTheDocument();
    expect(screen.getByText(/days? .*left/)).toBeInTheDocument();

    type('Accepted', '8');
    type('Rejected', '4');
    expect(await screen.findByText(ACKNOWLEDGEMENT_MESSAGES.tooMany(10, 12))).toBeInTheDocument();
    expect(field('Accepted')).toHaveAttribute('aria-invalid', 'true');

    type('Rejected', '2');
    await waitFor(() => expect(screen.queryByText(ACKNOWLEDGEMENT_MESSAGES.tooMany(10, 12))).toBeNull());
  });

  it('saves only the fields the seller changed, and shows the server’s field message on a 422', async () => {
    const api = stubOrder();
    api.on(`PUT ${ITEM_PATH}`, validationError({ rejected_reason: ['The reason must be one of the list.'] }));
    renderPage(PATH);
    await screen.findByText('Confirmation order PO-7A1');

    type('Accepted', '10');
    fireEvent.click(screen.getByLabelText('Save item, item 1 (MUG-RED)'));
    await waitFor(() => expect(api.calls('PUT', ITEM_PATH)).toHaveLength(1));
    expect(api.calls('PUT', ITEM_PATH)[0]?.body).toEqual({ accepted_quantity: 10 });
    expect(await screen.findByText('The reason must be one of the list.')).toBeInTheDocument();
  });

  it('keeps unsaved changes to other items when one item is saved', async () => {
    const api = stubOrder();
    api.on(`PUT ${ITEM_PATH}`, { body: { data: { ...MUG, accepted_quantity: 10 } } });
    renderPage(PATH);
    await screen.findByText('Confirmation order PO-7A1');

    const lidAccepted = screen.getByLabelText('Accepted, item 2 (LID-1)');
    fireEvent.change(lidAccepted, { target: { value: '4' } });
    type('Accepted', '10');
    fireEvent.click(screen.getByLabelText('Save item, item 1 (MUG-RED)'));
    await waitFor(() => expect(screen.getByLabelText('Save item, item 1 (MUG-RED)')).toBeDisabled());
    expect(screen.getByLabelText('Accepted, item 2 (LID-1)')).toHaveValue('4');
    expect(screen.getByLabelText('Save item, item 2 (LID-1)')).toBeEnabled();
  });

  it('refuses to submit an incomplete acknowledgement, naming what each item still needs', async () => {
    const api = stubOrder();
    renderPage(PATH);
    await screen.findByText('Confirmation order PO-7A1');

    type('Accepted', '6');
    type('Rejected', '4');
    fireEvent.click(buttonByText('Submit acknowledgement'));
    fireEvent.click(buttonByText('Submit', await findPopover('Submit the acknowledgement?')));

    expect(await screen.findByText(ACKNOWLEDGEMENT_MESSAGES.reasonNeeded)).toBeInTheDocument();
    expect((await screen.findAllByText(NOT_READY_MESSAGE)).length).toBeGreaterThan(0);
    expect(api.calls('POST', '/confirmationOrders/11/31/submitAcKnowledgement')).toHaveLength(0);
    expect(api.calls('PUT', ITEM_PATH)).toHaveLength(0);
  });

  it('saves unsaved items first, submits, then shows processing with editing locked', async () => {
    const accepted = { ...MUG, accepted_quantity: 10 };
    const api = stubOrder();
    api.on(`PUT ${ITEM_PATH}`, { body: { data: accepted } });
    api.on('POST /confirmationOrders/:storeId/:id/submitAcKnowledgement', () => {
      api.on('GET /confirmationOrders/:storeId/:id', {
        body: { data: { ...ORDER, acknowledge_sync_status: 'processing' } },
      });
      api.on('GET /confirmationOrders/:storeId/:id/confirmationOrderItems', {
        body: { data: [accepted, LID] },
      });
      return {
        body: {
          message: 'Acknowledgement submitted; it is being sent to the channel.',
          data: {
            ...ORDER,
            acknowledge_sync_status: 'processing',
            friendly_acknowledge_sync_status: 'Processing',
          },
        },
      };
    });
    renderPage(PATH);
    await screen.findByText('Confirmation order PO-7A1');

    fireEvent.click(screen.getByLabelText('Accept all, item 1 (MUG-RED)'));
    fireEvent.click(buttonByText('Submit acknowledgement'));
    const popover = await findPopover('Submit the acknowledgement?');
    expect(within(popover).getByText(/unsaved changes to 1 item/)).toBeInTheDocument();
    fireEvent.click(buttonByText('Submit', popover));

    expect(await screen.findByText(PROCESSING_TEXT)).toBeInTheDocument();
    expect(api.calls('PUT', ITEM_PATH)[0]?.body).toEqual({ accepted_quantity: 10 });
    expect(api.calls('POST', '/confirmationOrders/11/31/submitAcKnowledgement')).toHaveLength(1);
    await waitFor(() => expect(field('Accepted')).toBeDisabled());
    expect(screen.queryByText('Submit acknowledgement')).toBeNull();
    expect(screen.getAllByText('Processing').length).toBeGreaterThan(0);
  });

  it('saves the seller note through the header', async () => {
    const api = stubOrder();
    api.on('PUT /confirmationOrders/:storeId/:id', (request) => ({
      body: { data: { ...ORDER, seller_note: (request.body as { seller_note: string }).seller_note } },
    }));
    renderPage(PATH);
    await screen.findByText('Confirmation order PO-7A1');
    fireEvent.change(screen.getByLabelText('Seller note'), { target: { value: 'Call the buyer first' } });
    fireEvent.click(buttonByText('Save details'));
    await waitFor(() => expect(api.calls('PUT', '/confirmationOrders/11/31')).toHaveLength(1));
    expect(api.calls('PUT', '/confirmationOrders/11/31')[0]?.body).toEqual({
      selling_party_id: 'ACME1',
      seller_note: 'Call the buyer first',
    });
  });

  it('shows a reader the acknowledgement without anything to change', async () => {
    stubOrder();
    renderPage(PATH, sessionUser({ scope: ['orders.read'] }));
    await screen.findByText('Confirmation order PO-7A1');
    expect(field('Accepted')).toBeDisabled();
    expect(screen.queryByText('Submit acknowledgement')).toBeNull();
    expect(screen.queryByText('Save details')).toBeNull();
  });
});
