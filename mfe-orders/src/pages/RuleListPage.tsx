import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Priority', dataIndex: 'priority' },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Triggers', dataIndex: 'trigger_events_count' },
  { title: 'Conditions', dataIndex: 'conditions_count' },
  { title: 'Actions', dataIndex: 'actions_count' },
  { title: 'Active', dataIndex: 'is_active' },
];

export function RuleListPage() {
  return <ListPage title="Rules" columns={COLUMNS} emptyText="No rules yet" />;
}
