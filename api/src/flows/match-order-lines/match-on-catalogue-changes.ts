import { Op } from 'sequelize';
import type { CoreServices } from '../../services';
import type { ChannelProductServices } from '../../modules/channel-products/channel-product-services';
import type { ProductServices } from '../../modules/products/product-services';
import { matchOrderLines, type SkuMatch } from './match-order-lines.flow';

/**
 * Hooks the unknown-SKU matching onto the catalogue's writes that make a SKU name a product: a
 * product created (one, or by a batch), a product's SKU changed, a channel listing matched by
 * hand. Wrapped here rather than written into the catalogue services, because order lines are the
 * orders domain's: the catalogue stays unaware of them, the flow spans both.
 */
export function matchOrderLinesOnCatalogueChanges(
  core: CoreServices,
  catalogue: ProductServices & ChannelProductServices,
): void {
  const deps = {
    sequelize: core.sequelize,
    models: core.models,
    publish: core.publish,
    stock: catalogue.stock,
  };
  const match = (storeId: number, matches: SkuMatch[]) => matchOrderLines(deps, storeId, matches);
  const { products, channelProducts } = catalogue;

  const create = products.create.bind(products);
  products.create = async (scope, storeId, input) => {
    const product = await create(scope, storeId, input);
    await match(storeId, [{ sku: product.sku, productId: product.id }]);
    return product;
  };
  const update = products.update.bind(products);
  products.update = async (scope, storeId, id, input) => {
    const product = await update(scope, storeId, id, input);
    if (input.sku !== undefined) await match(storeId, [{ sku: product.sku, productId: product.id }]);
    return product;
  };
  const upsertMany = products.upsertMany.bind(products);
  products.upsertMany = async (scope, storeId, rows, options) => {
    const results = await upsertMany(scope, storeId, rows, options);
    const created = results.flatMap((result) => (result.status === 'created' ? [result.id] : []));
    for (let start = 0; start < created.length; start += 1000) {
      const found = await core.models.Product.findAll({
        where: { id: { [Op.in]: created.slice(start, start + 1000) } },
        attributes: ['id', 'sku'],
        raw: true,
      });
      await match(
        storeId,
        found.map((product) => ({ sku: product.sku, productId: product.id })),
      );
    }
    return results;
  };
  const updateListing = channelProducts.update.bind(channelProducts);
  channelProducts.update = async (scope, path, id, input) => {
    const listing = await updateListing(scope, path, id, input);
    if (listing.product_id !== null && listing.sku) {
      await match(path.storeId, [
        { sku: listing.sku, productId: listing.product_id, channelId: path.channelId },
      ]);
    }
    return listing;
  };
}
