import type { CoreServices } from '../../services';
import type { RequestScope } from '../../http/request-scope';
import type { ProductUpsertRow, UpsertRowResult } from './product-batch.types';
import type { StockService } from './stock.types';

// FOUNDATION STUB — the products helper replaces this file's contents.

export interface ProductService {
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
  stock: StockService;
}

const notBuilt = () => {
  throw new Error('not built yet');
};

export function createProductServices(_core: CoreServices): ProductServices {
  return {
    products: { upsertMany: notBuilt },
    stock: {
      apply: notBuilt,
      deductForOrderLine: notBuilt,
      restoreForOrderLine: notBuilt,
      affectedIds: notBuilt,
      onChanged: () => undefined,
    },
  };
}
