import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { CHANNEL_PRODUCT_SYNC_STATUS, channelQuantity, settingsErrorsFor } from '@syncdesk/contracts';
import type { Models, Store } from '../models';
import { availabilityOf } from '../../modules/products/product-availability';
import { stockSettingsOf } from '../../modules/channel-products/channel-quantities';

/** About this many listings on the demo Shopify channel. */
const LISTINGS = 150;
/** Listings the shop has that the catalogue doesn't (yet): they show as unmatched. */
const SHOP_ONLY = [
  'Gift card £10',
  'Gift card £25',
  'Gift card £50',
  'Gift wrapping',
  'Mystery box (small)',
  'Mystery box (large)',
  'Seasonal advent calendar',
  'Workshop ticket: pottery basics',
  'Extended warranty (2 years)',
  'Sample pack',
  'Limited print: harbour at dawn',
  'Limited print: city lights',
  'Gift message card',
  'Repair kit (discontinued)',
  'Pre-order: spring collection',
];

/** Told its stock with a buffer of 2 and a cap of 100, so the product pages show both at work. */
const DEMO_STOCK_SETTINGS = {
  auto_sync_stock: true,
  push_stock_levels: true,
  use_low_stock_buffer: true,
  low_stock_buffer: 2,
  use_max_stock_level: true,
  max_stock_level: 100,
  auto_match_product: true,
};

/**
 * The demo store's Shopify listings: most of the catalogue's products, matched by SKU (a few kept
 * as drafts or pending review, a few waiting for a stock push), plus listings the catalogue has no
 * product for. Runs after the demo catalogue, in the demo seed's transaction.
 */
export async function seedDemoChannelProducts(
  models: Models,
  store: Store,
  transaction: Transaction,
): Promise<void> {
  const channel = await models.Channel.findOne({
    where: { store_id: store.id, kind: 'channel', type: 'shopify' },
    transaction,
  });
  if (!channel) return;
  const settings = { ...channel.settings, ...DEMO_STOCK_SETTINGS };
  const errors = settingsErrorsFor(channel.type, { ...settings, name: channel.name });
  if (errors) throw new Error(`Demo ${channel.type} stock settings are invalid: ${JSON.stringify(errors)}`);
  await channel.update({ settings }, { transaction });

  const products = await models.Product.findAll({
    where: { store_id: store.id },
    order: [['id', 'ASC']],
    limit: LISTINGS - SHOP_ONLY.length,
    transaction,
  });
  const available = await availabilityOf(
    models,
    products.map((product) => product.id),
    transaction,
  );
  const stock = stockSettingsOf(settings);
  let variantId = 44_120_503_001;
  const rows = products.map((product, index) => {
    const target = channelQuantity(available.get(product.id) ?? 0, stock, product.auto_sync_stock).quantity;
    // Most were pushed what they should show; every ninth is waiting for its push.
    // A product the channel is not told about (its auto sync is off) never waits for a push.
    const waiting = index % 9 === 4 && target !== null;
    const listingStatus = index % 23 === 7 ? 1 : index % 29 === 11 ? 2 : 4;
    return {
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      channel_id: channel.id,
      channel_product_id: String(variantId++),
      sku: product.sku,
      remote_sku: null,
      title: product.title,
      quantity: waiting || target === null ? Math.max(0, (target ?? 0) + 3) : target,
      price: product.price,
      listing_status: listingStatus,
      product_id: product.id,
      matched_sku: product.sku,
      sync_status: waiting ? 4 : 2,
      pushed_quantity: waiting ? Math.max(0, (target ?? 0) + 3) : target,
      pushed_at: new Date(Date.now() - (index + 1) * 3_600_000),
    };
  });
  const shopOnly = SHOP_ONLY.slice(0, LISTINGS - rows.length).map((title, index) => ({
    uuid: randomUUID(),
    company_id: store.company_id,
    store_id: store.id,
    channel_id: channel.id,
    channel_product_id: String(variantId++),
    sku: `SHOP-${String(index + 1).padStart(3, '0')}`,
    remote_sku: null,
    title,
    quantity: index % 4 === 0 ? null : 10 + index,
    price: (5 + index * 2.5).toFixed(2),
    listing_status: index % 5 === 3 ? 1 : 4,
    product_id: null,
    matched_sku: null,
    sync_status: CHANNEL_PRODUCT_SYNC_STATUS.byKey('unmatched').value,
    pushed_quantity: null,
    pushed_at: null,
  }));
  await models.ChannelProduct.bulkCreate([...rows, ...shopOnly], { transaction });
}
