import { routes } from '@syncdesk/contracts';

import { StoreChooserPage } from '@syncdesk/web-kit';

/** `/confirmationOrders`: confirmation orders belong to a store, so the page asks which one. */
export function ConfirmationOrderStoreChooserPage() {
  return (
    <StoreChooserPage
      title="Confirmation orders"
      listPath={routes.confirmationOrderList}
      noStoreText="Confirmation orders arrive in a store: create your first store."
    />
  );
}
