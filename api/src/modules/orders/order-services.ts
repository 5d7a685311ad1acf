import type { CoreServices } from '../../services';
import type { CatalogueServices } from '../catalogue.module';
import {
  createOrderImportService,
  type OrderImportService,
} from '../../flows/import-orders/order-import.service';

/** The orders domain. List/detail and the bulk calls of spec §7 come next; the import is the way in. */
export interface OrderServices {
  /** THE way orders enter: seed, tests and connectors all call `orderImport.importBatch`. */
  orderImport: OrderImportService;
}

export function createOrderServices(core: CoreServices, catalogue: CatalogueServices): OrderServices {
  return {
    orderImport: createOrderImportService({
      sequelize: core.sequelize,
      models: core.models,
      publish: core.publish,
      stock: catalogue.stock,
    }),
  };
}
