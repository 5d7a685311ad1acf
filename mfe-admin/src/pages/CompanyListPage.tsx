import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Owner', dataIndex: 'owner_name' },
  { title: 'Owner e-mail', dataIndex: 'owner_email' },
  { title: 'Stores', dataIndex: 'stores_count' },
  { title: 'Channels', dataIndex: 'channels_count' },
  { title: 'Plan', dataIndex: 'plan_name' },
  { title: 'Active', dataIndex: 'is_active' },
];

export function CompanyListPage() {
  return <ListPage title="Companies" columns={COLUMNS} emptyText="No companies yet" />;
}
