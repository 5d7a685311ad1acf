import type { CoreServices } from '../../services';
import type { RequestScope } from '../../http/request-scope';
import type { ProductUpsertRow, UpsertRowResult } from './product-batch.types';
import { createCatalogueWrite } from './catalogue-writes';
import { createUpsertMany } from './product-batch.service';
import { findStoreProduct, reachStore, skuKeyFor } from './product-lookups';
import { createProductCrudService, type ProductCrudService } from './product.service';
import { createStockService, STOCK_UPDATED_EVENT, type StockEngine } from './stock.service';

export interface ProductService extends ProductCrudService {
  /** Batch create/update by SKU (imports, channel downloads); one bad row never fails the others. */
  upsertMany(
    scope: RequestScope,
    storeId: number,
    rows: ProductUpsertRow[],
    options: { reason: 'import' | 'plugin' | 'correction'; sourceRef: string },
  ): Promise<UpsertRowResult[]>;
}

export interface ProductServices {
  products: ProductService;
  /** The one way on hand changes (see stock.types.ts); `StockEngine` adds what the catalogue's own writes use. */
  stock: StockEngine;
}

export function createProductServices(core: CoreServices): ProductServices {
  const write = createCatalogueWrite(core.sequelize);
  const stock = createStockService({
    sequelize: core.sequelize,
    models: core.models,
    publish: core.publish,
    write,
  });
  const deps = {
    sequelize: core.sequelize,
    models: core.models,
    publish: core.publish,
    write,
    stock,
    skuKey: skuKeyFor(core.sequelize),
  };
  // `GET activities/product/{id}/stock_updated`: a product's history, for whoever reaches its store.
  core.activities.registerStockDestination('product', {
    subjectType: 'product',
    event: STOCK_UPDATED_EVENT,
    async reach(scope, id) {
      const product = await core.models.Product.findByPk(id, { attributes: ['id', 'store_id'] });
      const store = await reachStore(core.models, scope, product?.store_id ?? 0);
      await findStoreProduct(core.models, store.id, id);
    },
  });
  return {
    products: { ...createProductCrudService(deps), upsertMany: createUpsertMany(deps) },
    stock,
  };
}
