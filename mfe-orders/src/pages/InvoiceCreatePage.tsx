import { ListPage } from '@syncdesk/web-kit';

// FOUNDATION STUB — filled in by its helper.
export function InvoiceCreatePage() {
  return <ListPage title="InvoiceCreatePage" columns={[]} emptyText="Not built yet" />;
}
