import { ListPage } from '@syncdesk/web-kit';

// FOUNDATION STUB — filled in by its helper.
export function InvoiceDetailPage() {
  return <ListPage title="InvoiceDetailPage" columns={[]} emptyText="Not built yet" />;
}
