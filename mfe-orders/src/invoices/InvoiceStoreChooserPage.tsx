import { routes } from '@syncdesk/contracts';

import { StoreChooserPage } from '@syncdesk/web-kit';

/** `/invoices`: invoices belong to a store, so the page asks which one. */
export function InvoiceStoreChooserPage() {
  return (
    <StoreChooserPage
      title="Invoices"
      listPath={routes.invoiceList}
      noStoreText="Invoices belong to a store: create your first store."
    />
  );
}
