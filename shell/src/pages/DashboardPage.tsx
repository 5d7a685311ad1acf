import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useDocumentTitle } from './useDocumentTitle';

/** A failed channel transaction record, which is what the dashboard lists (spec §1). */
interface FailedTransactionRecord {
  id: number;
  type: string;
  status: number;
  message: string;
  attempts: number;
  date: string;
}

const COLUMNS: TableColumnsType<FailedTransactionRecord> = [
  { title: 'Date', dataIndex: 'date', key: 'date' },
  { title: 'Type', dataIndex: 'type', key: 'type' },
  { title: 'Status', dataIndex: 'status', key: 'status' },
  { title: 'Message', dataIndex: 'message', key: 'message' },
  { title: 'Attempts', dataIndex: 'attempts', key: 'attempts' },
];

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
        Dashboard
      </Typography.Title>
      <Typography.Paragraph type="secondary">Failed channel transaction records</Typography.Paragraph>
      <Table<FailedTransactionRecord>
        rowKey="id"
        columns={COLUMNS}
        dataSource={[]}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No failed transaction records" />
          ),
        }}
      />
    </>
  );
}
