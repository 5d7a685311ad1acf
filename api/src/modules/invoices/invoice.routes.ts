import type { ApiRoute } from '../../http/api-route';
import type { InvoiceServices } from './invoice-services';

// FOUNDATION STUB — the helper owning this area replaces this file's contents.
export function invoiceRoutes(_services: () => InvoiceServices): ApiRoute[] {
  return [];
}
