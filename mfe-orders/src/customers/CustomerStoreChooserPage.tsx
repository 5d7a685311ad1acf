import { routes } from '@syncdesk/contracts';

import { StoreChooserPage } from '@syncdesk/web-kit';

/** `/customers`: customers belong to a store, so the page asks which one. */
export function CustomerStoreChooserPage() {
  return (
    <StoreChooserPage
      title="Customers"
      listPath={routes.customerList}
      noStoreText="Customers come with the orders of a store: create your first store."
    />
  );
}
