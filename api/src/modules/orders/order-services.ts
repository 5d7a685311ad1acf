import type { CoreServices } from '../../services';
import type { CatalogueServices } from '../catalogue.module';
import {
  createOrderImportService,
  type ImportRuleHook,
  type OrderImportService,
} from '../../flows/import-orders/order-import.service';
import { createOrderQueryService, type OrderQueryService } from './order-query.service';
import { createOrderActionService, type OrderActionService } from './order-action.service';
import { createFulfilmentService, type FulfilmentService } from './fulfilment.service';
import { createPluginOrderService, type PluginOrderService } from './plugin-order.service';
import { createCustomerService, type CustomerService } from '../customers/customer.service';

/** The orders domain: the import is the way in; the rest serve spec §7's order calls. */
export interface OrderServices {
  /** THE way orders enter: seed, tests and connectors all call `orderImport.importBatch`. */
  orderImport: OrderImportService;
  /** List, detail, items and counts. */
  orders: OrderQueryService;
  /** Sync-status changes (single, bulk, file of ids), resend, plugin sync status, pickup. */
  orderActions: OrderActionService;
  fulfilments: FulfilmentService;
  pluginOrders: PluginOrderService;
  /** Customers, built from imported orders. */
  customers: CustomerService;
}

export function createOrderServices(
  core: CoreServices,
  catalogue: CatalogueServices,
  rules?: () => ImportRuleHook | undefined,
): OrderServices {
  const deps = { core, catalogue };
  return {
    orderImport: createOrderImportService({
      sequelize: core.sequelize,
      models: core.models,
      publish: core.publish,
      stock: catalogue.stock,
      rules,
    }),
    orders: createOrderQueryService(deps),
    orderActions: createOrderActionService(deps),
    fulfilments: createFulfilmentService(deps),
    pluginOrders: createPluginOrderService(deps),
    customers: createCustomerService(deps),
  };
}
