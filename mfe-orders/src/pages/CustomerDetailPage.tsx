import { ListPage } from '@syncdesk/web-kit';

// FOUNDATION STUB — filled in by its helper.
export function CustomerDetailPage() {
  return <ListPage title="CustomerDetailPage" columns={[]} emptyText="Not built yet" />;
}
