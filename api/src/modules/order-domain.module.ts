import type { ApiRoute } from '../http/api-route';
import type { CoreServices, Services } from '../services';
import type { CatalogueServices } from './catalogue.module';
import { createOrderServices, type OrderServices } from './orders/order-services';
import type { ImportRuleHook } from '../flows/import-orders/order-import.service';
import { orderRoutes } from './orders/order.routes';
import { createInvoiceServices, type InvoiceServices } from './invoices/invoice-services';
import { invoiceRoutes } from './invoices/invoice.routes';
import {
  createConfirmationOrderServices,
  type ConfirmationOrderServices,
} from './confirmation-orders/confirmation-order-services';
import { confirmationOrderRoutes } from './confirmation-orders/confirmation-order.routes';

/** Orders (and their import), fulfilments, confirmation orders, invoices and customers. */
export interface OrderDomainServices extends OrderServices, InvoiceServices, ConfirmationOrderServices {}

export function createOrderDomainServices(
  core: CoreServices,
  catalogue: CatalogueServices,
  rules?: () => ImportRuleHook | undefined,
): OrderDomainServices {
  return {
    ...createOrderServices(core, catalogue, rules),
    ...createInvoiceServices(core, catalogue),
    ...createConfirmationOrderServices(core, catalogue),
  };
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function orderDomainRoutes(services: Services): ApiRoute[] {
  return [
    ...orderRoutes(() => services),
    ...invoiceRoutes(() => services),
    ...confirmationOrderRoutes(() => services),
  ];
}
