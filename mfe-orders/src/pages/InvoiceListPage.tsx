import { useParams } from 'react-router';

import { InvoiceListPage as InvoiceList } from '../invoices/InvoiceListPage';
import { InvoiceStoreChooserPage } from '../invoices/InvoiceStoreChooserPage';

/** `/invoices` asks for a store; `/invoices/{storeId}` lists its invoices. */
export function InvoiceListPage() {
  const { storeId } = useParams();
  return storeId ? <InvoiceList /> : <InvoiceStoreChooserPage />;
}
