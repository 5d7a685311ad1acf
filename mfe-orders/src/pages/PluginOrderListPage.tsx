import { useParams } from 'react-router';
import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Order', dataIndex: 'id' },
  { title: 'Remote id', dataIndex: 'remote_id' },
  { title: 'Sync status', dataIndex: 'sync_status' },
  { title: 'Synced', dataIndex: 'synced_at' },
];

/** `/plugins/orders/:storeId`: orders as the store's fulfilment plugin received them. */
export function PluginOrderListPage() {
  const { storeId } = useParams();
  return (
    <ListPage
      title="Plugin orders"
      subtitle={`Store ${storeId ?? ''}`}
      columns={COLUMNS}
      emptyText="No plugin orders yet"
    />
  );
}
