import { randomUUID } from 'node:crypto';
import type { ChannelKind } from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import type { Services } from '../../../services';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { readJson, type Json, type TestProcess } from '@syncdesk/server/testing';

/** Rows written straight to the tables: these tests are about listings, not the products service's checks. */
export function catalogueFixtures(services: Services) {
  const { models } = services;
  return {
    product(
      store: Store,
      sku: string,
      quantity = 0,
      options: { autoSyncStock?: boolean; title?: string } = {},
    ) {
      return models.Product.create({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        sku,
        title: options.title ?? `Product ${sku}`,
        quantity,
        nominal_code: null,
        barcode: null,
        price: null,
        auto_sync_stock: options.autoSyncStock ?? true,
      });
    },
    async kit(store: Store, sku: string, components: { id: number; sku: string; quantity: number }[]) {
      const kit = await models.Product.create({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        sku,
        title: `Kit ${sku}`,
        type: 'kit',
        nominal_code: null,
        barcode: null,
        price: null,
      });
      await models.KitItem.bulkCreate(
        components.map((component) => ({
          kit_product_id: kit.id,
          component_product_id: component.id,
          sku: component.sku,
          product_nominal_code: null,
          quantity: component.quantity,
        })),
      );
      return kit;
    },
    channel(
      store: Store,
      name: string,
      settings: Record<string, unknown> = {},
      kind: ChannelKind = 'channel',
    ) {
      return insertChannelRow(services, store, {
        name,
        kind,
        type: kind === 'plugin' ? 'shipbob' : 'shopify',
        settings,
      });
    },
    listing(
      channel: { id: number; store_id: number; company_id: number },
      channelProductId: string,
      values: Partial<{
        sku: string | null;
        title: string | null;
        quantity: number | null;
        price: string | null;
        listing_status: number;
        tiktok_status: string | null;
        product_id: number | null;
        matched_sku: string | null;
        sync_status: number;
        pushed_quantity: number | null;
      }> = {},
    ) {
      return models.ChannelProduct.create({
        uuid: randomUUID(),
        company_id: channel.company_id,
        store_id: channel.store_id,
        channel_id: channel.id,
        channel_product_id: channelProductId,
        sku: values.sku ?? null,
        remote_sku: null,
        title: values.title ?? null,
        quantity: values.quantity ?? null,
        price: values.price ?? null,
        product_id: values.product_id ?? null,
        matched_sku: values.matched_sku ?? null,
        ...(values.listing_status === undefined ? {} : { listing_status: values.listing_status }),
        ...(values.tiktok_status === undefined ? {} : { tiktok_status: values.tiktok_status }),
        ...(values.sync_status === undefined ? {} : { sync_status: values.sync_status }),
        ...(values.pushed_quantity === undefined ? {} : { pushed_quantity: values.pushed_quantity }),
      });
    },
    /** The submit_inventory jobs queued so far (the test process's Agenda store is the same database). */
    async queuedPushes(channelId: number): Promise<{ channelId: number; channelProductIds?: number[] }[]> {
      const [rows] = await services.sequelize.query(
        "SELECT data FROM agenda_jobs WHERE name = 'channels.submit_inventory' ORDER BY id",
      );
      return (rows as { data: string }[])
        .map((row) => JSON.parse(row.data) as { channelId: number; channelProductIds?: number[] })
        .filter((data) => data.channelId === channelId);
    },
  };
}

/** A JSON call answering status and body (null for 204). */
export function caller(server: TestProcess) {
  return async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    const json: Json = response.status === 204 ? null : await readJson(response);
    return { status: response.status, body: json };
  };
}
