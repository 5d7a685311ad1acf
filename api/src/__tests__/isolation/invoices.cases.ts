import { randomUUID } from 'node:crypto';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for invoices, their reference data (accounts, tax types) and their activities. Each call
 * gets its own accounting channel and invoice, made straight in the tables.
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;

function alphaXero(world: IsolationWorld) {
  return insertChannelRow(world.services, alphaStore(world), {
    name: `${ALPHA_MARKER} Xero`,
    kind: 'accounting',
    type: 'xero',
  });
}

async function alphaInvoice(world: IsolationWorld, syncStatus: 'pending' | 'failed' = 'pending') {
  const channel = await alphaXero(world);
  const invoice = await world.services.models.Invoice.create({
    uuid: randomUUID(),
    company_id: channel.company_id,
    store_id: channel.store_id,
    channel_id: channel.id,
    invoice_number: `${ALPHA_MARKER}-${randomUUID().slice(0, 8)}`,
    order_reference: null,
    customer_name: `${ALPHA_MARKER} Customer`,
    customer_email: null,
    invoice_date: '2026-11-20',
    currency: 'GBP',
    sync_status: syncStatus,
    total_invoice_lines: 1,
    subtotal: '10.00',
    total: '12.00',
    tax_total: '2.00',
  });
  await world.services.models.InvoiceLine.create({
    invoice_id: invoice.id,
    position: 1,
    sku: `${ALPHA_MARKER}-SKU`,
    product_nominal_code: '200',
    description: `${ALPHA_MARKER} line`,
    quantity: '1',
    tax_type: 'OUTPUT2',
    tax_total: '2.00',
    discount_total: '0.00',
    unit_price: '10.00',
    price: '10.00',
  });
  return { channel, invoice };
}

const storeParams = (world: IsolationWorld) => ({ storeId: alphaStore(world).id });

export const invoicesCases: RouteCases = {
  'GET /invoices/:storeId': {
    request: async (world) => {
      await alphaInvoice(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /invoices/:storeId/channels': {
    request: async (world) => {
      await alphaXero(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /invoices/:storeId/create': {
    request: async (world) => {
      const channel = await alphaXero(world);
      return {
        params: storeParams(world),
        body: {
          channel_id: channel.id,
          customer_name: `${ALPHA_MARKER} Buyer`,
          invoice_date: '2026-11-21',
          currency: 'GBP',
          lines: [
            { description: 'Mug', quantity: 2, unit_price: '5.00', tax_type: 'OUTPUT2', tax_total: '2.00' },
          ],
        },
      };
    },
    ownerStatus: 201,
    isolation: 'ids',
  },
  'PUT /invoices/:storeId/updateSyncStatus': {
    request: async (world) => {
      const { invoice } = await alphaInvoice(world, 'failed');
      return { params: storeParams(world), body: { invoice_ids: [invoice.id], status: 'pending' } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /invoices/:storeId/:invoiceId': {
    request: async (world) => {
      const { invoice } = await alphaInvoice(world);
      return { params: { ...storeParams(world), invoiceId: invoice.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /invoices/:storeId/:invoiceId/lines': {
    request: async (world) => {
      const { invoice } = await alphaInvoice(world);
      return { params: { ...storeParams(world), invoiceId: invoice.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /stores/:storeId/accounts': {
    request: async (world) => {
      await alphaXero(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /stores/:storeId/taxTypes': {
    request: async (world) => {
      await alphaXero(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /activities/invoice/:id': {
    request: async (world) => {
      const { invoice } = await alphaInvoice(world);
      return { params: { id: invoice.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
};
