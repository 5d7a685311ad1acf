import { routes } from '@syncdesk/contracts';
import { StoreChooserPage } from '@syncdesk/web-kit';

/** `/products`: products belong to a store, so the page asks which one (or opens the only one). */
export function ProductStoreChooserPage() {
  return (
    <StoreChooserPage
      title="Products"
      listPath={routes.productList}
      noStoreText="Products live in a store: create your first store."
    />
  );
}
