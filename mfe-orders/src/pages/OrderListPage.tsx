import { useParams } from 'react-router';
import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Order', dataIndex: 'id' },
  { title: 'Channel', dataIndex: 'channel_name' },
  { title: 'Customer', dataIndex: 'customer' },
  { title: 'Order date', dataIndex: 'order_date' },
  { title: 'Items', dataIndex: 'total_order_items' },
  { title: 'Status', dataIndex: 'status' },
  { title: 'Sync status', dataIndex: 'sync_status' },
  { title: 'Fulfilment', dataIndex: 'fulfillment' },
  { title: 'Plugin sync', dataIndex: 'plugin_sync_status' },
  { title: 'Created', dataIndex: 'created_at' },
];

/** `/orders` (every store) and `/orders/:storeId` (one store). */
export function OrderListPage() {
  const { storeId } = useParams();
  return (
    <ListPage
      title="Orders"
      subtitle={storeId ? `Store ${storeId}` : undefined}
      columns={COLUMNS}
      emptyText="No orders yet"
    />
  );
}
