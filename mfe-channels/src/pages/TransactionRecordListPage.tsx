import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Date', dataIndex: 'date' },
  { title: 'Type', dataIndex: 'type' },
  { title: 'Method', dataIndex: 'method' },
  { title: 'URL', dataIndex: 'url' },
  { title: 'Status', dataIndex: 'status' },
  { title: 'Response time', dataIndex: 'response_time' },
  { title: 'Attempts', dataIndex: 'attempts' },
  { title: 'Message', dataIndex: 'message' },
];

/** The logs of channel, plugin and webhook calls (spec: "transaction records"). */
export function TransactionRecordListPage() {
  return <ListPage title="Transaction records" columns={COLUMNS} emptyText="No transaction records yet" />;
}
