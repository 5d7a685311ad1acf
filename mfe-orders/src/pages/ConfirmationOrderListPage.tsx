import { useParams } from 'react-router';
import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Confirmation order', dataIndex: 'id' },
  { title: 'Channel', dataIndex: 'channel' },
  { title: 'Order date', dataIndex: 'order_date' },
  { title: 'Status', dataIndex: 'status' },
  { title: 'Acknowledgement', dataIndex: 'friendly_acknowledge_sync_status' },
];

export function ConfirmationOrderListPage() {
  const { storeId } = useParams();
  return (
    <ListPage
      title="Confirmation orders"
      subtitle={storeId ? `Store ${storeId}` : undefined}
      columns={COLUMNS}
      emptyText="No confirmation orders yet"
    />
  );
}
