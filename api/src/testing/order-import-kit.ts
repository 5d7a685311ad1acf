import { randomUUID } from 'node:crypto';
import type { NormalisedOrderInput, OrdersChangedEvent, RealtimeEvent } from '@syncdesk/contracts';
import type { Store } from '../db/models';
import {
  createOrderImportService,
  type OrderImportService,
} from '../flows/import-orders/order-import.service';
import { insertChannelRow } from './channel-fixtures';
import type { TestProcess } from '@syncdesk/server/testing';

/**
 * The import service over a running test process's real services, with the published events
 * kept (`orders:changed` only) so a test can count them; everything else is the product's own.
 */
export function importerOf(server: TestProcess): {
  importer: OrderImportService;
  events: OrdersChangedEvent[];
} {
  const events: OrdersChangedEvent[] = [];
  const services = server.services;
  const importer = createOrderImportService({
    sequelize: services.sequelize,
    models: services.models,
    stock: services.stock,
    publish: (event: RealtimeEvent) => {
      if (event.name === 'orders:changed') events.push(event.payload as OrdersChangedEvent);
      services.publish(event);
    },
  });
  return { importer, events };
}

let sequence = 0;

export async function productIn(
  server: TestProcess,
  store: Pick<Store, 'id' | 'company_id'>,
  quantity: number,
  type: 'product' | 'kit' = 'product',
  sku = `SKU-${process.pid}-${++sequence}`,
) {
  const row = await server.services.models.Product.create({
    uuid: randomUUID(),
    company_id: store.company_id,
    store_id: store.id,
    sku,
    title: `Product ${sku}`,
    type,
    quantity: 0,
    price: null,
    nominal_code: null,
    barcode: null,
  });
  if (quantity !== 0) {
    await server.services.stock.apply(null, store.id, [
      { productId: row.id, setTo: quantity, reason: 'correction' },
    ]);
  }
  return row;
}

export async function kitIn(
  server: TestProcess,
  store: Pick<Store, 'id' | 'company_id'>,
  components: { id: number; sku: string; units: number }[],
) {
  const kit = await productIn(server, store, 0, 'kit');
  for (const component of components) {
    await server.services.models.KitItem.create({
      kit_product_id: kit.id,
      component_product_id: component.id,
      sku: component.sku,
      product_nominal_code: null,
      quantity: component.units,
    });
  }
  return kit;
}

export function channelIn(
  server: TestProcess,
  store: Pick<Store, 'id' | 'company_id'>,
  settings: Record<string, unknown> = {},
) {
  return insertChannelRow(server.services, store, { name: `Shop ${++sequence}`, settings });
}

export async function quantityOf(server: TestProcess, productId: number): Promise<number> {
  return (await server.services.models.Product.findByPk(productId))!.quantity;
}

/** A realistic order of one channel; lines by SKU and quantity. */
export function orderOf(
  remoteId: string,
  lines: { sku: string | null; quantity: number; remote_id?: string }[],
  extra: Partial<NormalisedOrderInput> = {},
): NormalisedOrderInput {
  return {
    remote_id: remoteId,
    order_number: `#${remoteId}`,
    status: 'Unshipped',
    payment_status: 'Paid',
    currency: 'GBP',
    subtotal: '20.00',
    shipping_total: '3.95',
    tax_total: '4.00',
    total: '23.95',
    order_date: '2026-11-20T10:15:00Z',
    customer: {
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      remote_id: 'C-1',
    },
    shipping_address: {
      name: 'Ada Lovelace',
      line1: '1 High St',
      city: 'London',
      postcode: 'N1 1AA',
      country: 'GB',
    },
    invoice_address: {
      name: 'Ada Lovelace',
      line1: '1 High St',
      city: 'London',
      postcode: 'N1 1AA',
      country: 'GB',
    },
    shipping_method: 'Royal Mail 48',
    tags: ['web'],
    lines: lines.map((line, index) => ({
      remote_id: line.remote_id ?? `L${index + 1}`,
      sku: line.sku,
      title: `Line ${index + 1}`,
      quantity: line.quantity,
      price: '10.00',
      tax_total: '2.00',
      options: [{ option_name: 'Colour', option_value: 'Blue' }],
    })),
    ...extra,
  };
}
