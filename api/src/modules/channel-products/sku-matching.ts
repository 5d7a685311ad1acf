import { Op } from 'sequelize';
import type { Models } from '../../db/models';
import type { RequestScope } from '../../http/request-scope';
import type { ProductUpsertRow } from '../products/product-batch.types';
import type { ProductServices } from '../products/product-services';
import { chunksOf } from './channel-product-targets';

export interface MatchedProduct {
  id: number;
  sku: string;
}

/**
 * The store's products by SKU. MySQL compares SKUs case-insensitively (the products' unique
 * index does too), SQLite exactly; an exact hit wins, then one differing only in case, so a
 * listing finds the one product the unique index allows whatever the database.
 */
export class SkuIndex {
  private readonly exact = new Map<string, MatchedProduct>();
  private readonly folded = new Map<string, MatchedProduct>();

  add(product: MatchedProduct): void {
    this.exact.set(product.sku, product);
    const key = SkuIndex.fold(product.sku);
    if (!this.folded.has(key)) this.folded.set(key, product);
  }

  get(sku: string): MatchedProduct | undefined {
    return this.exact.get(sku) ?? this.folded.get(SkuIndex.fold(sku));
  }

  static fold(sku: string): string {
    return sku.trim().toLowerCase();
  }
}

export async function findProductsBySku(
  models: Models,
  storeId: number,
  skus: Iterable<string>,
  index = new SkuIndex(),
): Promise<SkuIndex> {
  const wanted = [...new Set(skus)];
  for (const chunk of chunksOf(wanted)) {
    const rows = await models.Product.findAll({
      where: { store_id: storeId, sku: { [Op.in]: chunk } },
      attributes: ['id', 'sku'],
      raw: true,
    });
    for (const row of rows) index.add({ id: row.id, sku: row.sku });
  }
  return index;
}

/** A product to create for a listing whose SKU the store has none of. */
export interface MissingProduct {
  sku: string;
  title: string | null;
  price: string | null;
  /** On hand to start with (the channel's set_initial_stock_levels), or undefined. */
  quantity?: number;
}

/**
 * Finds the store's products for `skus`, and (when `create` is given) creates the missing ones
 * through the products service. One product per SKU, whatever happens concurrently: the products'
 * unique (store, sku) index refuses a second one, and a batch that lost such a race is answered by
 * reading the SKUs again (and creating what is still missing once more) rather than failing.
 */
export async function resolveSkus(
  deps: { models: Models; products: ProductServices },
  scope: RequestScope,
  storeId: number,
  skus: Iterable<string>,
  create?: { missing: (sku: string) => MissingProduct; sourceRef: string },
): Promise<{ index: SkuIndex; created: number }> {
  const wanted = [...new Set(skus)];
  const index = await findProductsBySku(deps.models, storeId, wanted);
  if (!create) return { index, created: 0 };
  let created = 0;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const missing = new Map<string, ProductUpsertRow>();
    for (const sku of wanted) {
      if (index.get(sku) || missing.has(SkuIndex.fold(sku))) continue;
      const product = create.missing(sku);
      missing.set(SkuIndex.fold(sku), {
        sku: product.sku,
        title: (product.title?.trim() || product.sku).slice(0, 255),
        type: 'product',
        price: product.price,
        ...(product.quantity === undefined ? {} : { quantity: product.quantity }),
      });
    }
    if (missing.size === 0) break;
    const rows = [...missing.values()];
    try {
      const results = await deps.products.products.upsertMany(scope, storeId, rows, {
        reason: 'import',
        sourceRef: create.sourceRef,
      });
      created += results.filter((result) => result.status === 'created').length;
    } catch (error) {
      // Most likely another request created one of these SKUs first; what is still missing after
      // reading again is tried once more, and only a second failure is the caller's.
      if (attempt === 2) throw error;
    }
    await findProductsBySku(
      deps.models,
      storeId,
      rows.map((row) => row.sku),
      index,
    );
  }
  return { index, created };
}
