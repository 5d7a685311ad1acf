import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Channel', dataIndex: 'id' },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Link', dataIndex: 'url' },
  { title: 'Active', dataIndex: 'is_active' },
];

/** Hosted-page channels: links outside users open to connect a channel without signing in. */
export function HostedPageListPage() {
  return <ListPage title="Hosted pages" columns={COLUMNS} emptyText="No hosted pages yet" />;
}
