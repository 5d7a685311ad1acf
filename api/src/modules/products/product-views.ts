import { Op } from 'sequelize';
import {
  availableQuantity,
  type KitItemDto,
  type ProductDetailDto,
  type ProductDto,
  type ProductPluginQuantityDto,
  type ProductSyncStatus,
} from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { Product } from '../../db/catalogue.models';
import { channelQuantitiesOf } from '../channel-products/channel-quantities';
import { availabilityOf } from './product-availability';
import { inChunks, kitsUsing } from './product-lookups';
import { toProductDto, type ProductRow } from './product.mapper';

/** The sales channels listing each product (a channel product matched to it), in name order. */
async function channelsOf(
  models: Models,
  productIds: number[],
): Promise<Map<number, ProductDto['channels']>> {
  const result = new Map<number, ProductDto['channels']>();
  const links: { product_id: number | null; channel_id: number }[] = [];
  for (const part of inChunks(productIds)) {
    links.push(
      ...(await models.ChannelProduct.findAll({
        where: { product_id: { [Op.in]: part } },
        attributes: ['product_id', 'channel_id'],
        group: ['product_id', 'channel_id'],
        raw: true,
      })),
    );
  }
  if (links.length === 0) return result;
  const channels = await models.Channel.findAll({
    where: { id: { [Op.in]: [...new Set(links.map((link) => link.channel_id))] }, kind: 'channel' },
    attributes: ['id', 'name', 'type'],
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
    raw: true,
  });
  const rank = new Map(channels.map((channel, index) => [channel.id, index]));
  for (const link of links) {
    if (link.product_id === null || !rank.has(link.channel_id)) continue;
    const channel = channels[rank.get(link.channel_id)!]!;
    const list = result.get(link.product_id) ?? [];
    list.push({ id: channel.id, name: channel.name, type: channel.type });
    result.set(link.product_id, list);
  }
  for (const list of result.values()) list.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return result;
}

/** Products as the list answers them: kits with their computed availability, and their channels. */
export async function toProductDtos(models: Models, rows: ProductRow[]): Promise<ProductDto[]> {
  if (rows.length === 0) return [];
  const kitIds = rows.filter((row) => row.type === 'kit').map((row) => row.id);
  const [kitAvailability, channels] = await Promise.all([
    availabilityOf(models, kitIds),
    channelsOf(
      models,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) =>
    toProductDto(row, {
      available: row.type === 'kit' ? (kitAvailability.get(row.id) ?? 0) : availableQuantity(row.quantity),
      channels: channels.get(row.id) ?? [],
    }),
  );
}

/** One product with its components, the kits using it, and what each channel and plugin has of it. */
export async function toProductDetailDto(models: Models, product: Product): Promise<ProductDetailDto> {
  const [base] = await toProductDtos(models, [product]);
  const items = await models.KitItem.findAll({
    where: { kit_product_id: product.id },
    order: [['id', 'ASC']],
  });
  const components = new Map(
    (items.length === 0
      ? []
      : await models.Product.findAll({
          where: { id: { [Op.in]: items.map((item) => item.component_product_id) } },
          attributes: ['id', 'sku', 'title', 'quantity'],
        })
    ).map((component) => [component.id, component]),
  );
  const kitItems: KitItemDto[] = items.map((item) => {
    const component = components.get(item.component_product_id);
    return {
      product_id: item.component_product_id,
      sku: component?.sku ?? item.sku,
      product_nominal_code: item.product_nominal_code,
      quantity: item.quantity,
      title: component?.title ?? '',
      available: availableQuantity(component?.quantity),
    };
  });
  const usedIn = (await kitsUsing(models, [product.id])).get(product.id) ?? [];
  const channelQuantities = await channelQuantitiesOf(models, product.store_id, [
    { id: product.id, available: base!.available, auto_sync_stock: Boolean(product.auto_sync_stock) },
  ]);
  return {
    ...base!,
    kit_items: kitItems,
    used_in_kits: usedIn.map((kit) => ({ id: kit.id, sku: kit.sku, title: kit.title })),
    channel_quantities: channelQuantities.get(product.id) ?? [],
    plugin_quantities: await pluginQuantitiesOf(models, product.id),
  };
}

async function pluginQuantitiesOf(models: Models, productId: number): Promise<ProductPluginQuantityDto[]> {
  const listings = await models.PluginProduct.findAll({ where: { product_id: productId } });
  if (listings.length === 0) return [];
  const plugins = new Map(
    (
      await models.Channel.findAll({
        where: { id: { [Op.in]: listings.map((listing) => listing.plugin_id) }, kind: 'plugin' },
        attributes: ['id', 'name'],
      })
    ).map((plugin) => [plugin.id, plugin.name]),
  );
  return listings
    .filter((listing) => plugins.has(listing.plugin_id))
    .map((listing) => ({
      plugin_id: listing.plugin_id,
      plugin_name: plugins.get(listing.plugin_id)!,
      quantity: listing.quantity,
      plugin_sync_status: listing.plugin_sync_status as ProductSyncStatus,
      plugin_synced_at: listing.plugin_synced_at ? listing.plugin_synced_at.toISOString() : null,
    }))
    .sort((a, b) => a.plugin_name.localeCompare(b.plugin_name));
}
