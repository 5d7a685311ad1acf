import { useParams } from 'react-router';
import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'SKU', dataIndex: 'sku' },
  { title: 'Title', dataIndex: 'title' },
  { title: 'Type', dataIndex: 'type' },
  { title: 'Quantity', dataIndex: 'quantity' },
  { title: 'Channel quantity', dataIndex: 'api_quantity' },
  { title: 'Channels', dataIndex: 'channels' },
  { title: 'Sync status', dataIndex: 'api_sync_status' },
  { title: 'Updated', dataIndex: 'updated_at' },
];

/** `/products` (every store) and `/products/:storeId` (one store); kits are products too. */
export function ProductListPage() {
  const { storeId } = useParams();
  return (
    <ListPage
      title="Products"
      subtitle={storeId ? `Store ${storeId}` : undefined}
      columns={COLUMNS}
      emptyText="No products yet"
    />
  );
}
