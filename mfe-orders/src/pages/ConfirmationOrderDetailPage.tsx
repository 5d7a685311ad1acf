import { ListPage } from '@syncdesk/web-kit';

// FOUNDATION STUB — filled in by its helper.
export function ConfirmationOrderDetailPage() {
  return <ListPage title="ConfirmationOrderDetailPage" columns={[]} emptyText="Not built yet" />;
}
