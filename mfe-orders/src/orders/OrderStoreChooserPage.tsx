import { routes } from '@syncdesk/contracts';
import { StoreChooserPage } from '@syncdesk/web-kit';

/** `/orders`: orders belong to a store, so the page asks which one (or opens the only one). */
export function OrderStoreChooserPage() {
  return (
    <StoreChooserPage
      title="Orders"
      listPath={routes.orderList}
      noStoreText="Orders arrive in a store from its sales channels: create your first store."
    />
  );
}
