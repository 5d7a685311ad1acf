import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Provider', dataIndex: 'provider' },
  { title: 'Store', dataIndex: 'store' },
  { title: 'Account nominal code', dataIndex: 'account_nominal_code' },
  { title: 'Active', dataIndex: 'is_active' },
];

export function ChannelListPage() {
  return <ListPage title="Channels" columns={COLUMNS} emptyText="No channels connected yet" />;
}
