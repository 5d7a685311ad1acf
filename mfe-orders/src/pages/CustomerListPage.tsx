import { useParams } from 'react-router';

import { CustomerListPage as CustomerList } from '../customers/CustomerListPage';
import { CustomerStoreChooserPage } from '../customers/CustomerStoreChooserPage';

/** `/customers` asks for a store; `/customers/{storeId}` lists its customers. */
export function CustomerListPage() {
  const { storeId } = useParams();
  return storeId ? <CustomerList /> : <CustomerStoreChooserPage />;
}
