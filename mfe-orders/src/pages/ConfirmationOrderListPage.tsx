import { useParams } from 'react-router';

import { ConfirmationOrderListPage as ConfirmationOrderList } from '../confirmation-orders/ConfirmationOrderListPage';
import { ConfirmationOrderStoreChooserPage } from '../confirmation-orders/ConfirmationOrderStoreChooserPage';

/** `/confirmationOrders` asks for a store; `/confirmationOrders/{storeId}` lists its orders. */
export function ConfirmationOrderListPage() {
  const { storeId } = useParams();
  return storeId ? <ConfirmationOrderList /> : <ConfirmationOrderStoreChooserPage />;
}
