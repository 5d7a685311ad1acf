import type { CoreServices } from '../../services';
import type { CatalogueServices } from '../catalogue.module';

// FOUNDATION STUB — the helper owning this area replaces this file's contents.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the invoices work
export interface InvoiceServices {}

export function createInvoiceServices(_core: CoreServices, _catalogue: CatalogueServices): InvoiceServices {
  return {};
}
