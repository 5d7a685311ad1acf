import type { CoreServices } from '../../services';
import type { CatalogueServices } from '../catalogue.module';
import { createInvoiceService, INVOICE_SUBJECT, type InvoiceService } from './invoice.service';

/** The invoices domain's services, as they appear on `Services`. */
export interface InvoiceServices {
  invoices: InvoiceService;
}

export function createInvoiceServices(core: CoreServices, _catalogue: CatalogueServices): InvoiceServices {
  const invoices = createInvoiceService(core);
  // `GET activities/invoice/{id}`: the invoice's own activities, for whoever may read the invoice.
  core.activities.registerSubjectHistory('invoice', {
    subjectType: INVOICE_SUBJECT,
    reach: (scope, id) => invoices.reach(scope, id),
  });
  return { invoices };
}
