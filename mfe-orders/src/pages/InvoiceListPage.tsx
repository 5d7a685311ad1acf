import { useParams } from 'react-router';
import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Invoice', dataIndex: 'id' },
  { title: 'Channel', dataIndex: 'channel' },
  { title: 'Customer', dataIndex: 'customer' },
  { title: 'Invoice date', dataIndex: 'invoice_date' },
  { title: 'Lines', dataIndex: 'total_invoice_lines' },
  { title: 'Status', dataIndex: 'status' },
  { title: 'Sync status', dataIndex: 'sync_status' },
];

export function InvoiceListPage() {
  const { storeId } = useParams();
  return (
    <ListPage
      title="Invoices"
      subtitle={storeId ? `Store ${storeId}` : undefined}
      columns={COLUMNS}
      emptyText="No invoices yet"
    />
  );
}
