import type { ReactNode } from 'react';
import { Empty, Table, Typography, type TableColumnsType } from 'antd';

/** A row of a list that has no data source yet; pages type their columns by field name. */
export type ListRow = Record<string, unknown>;

export interface ListPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  columns: TableColumnsType<ListRow>;
  /** What the empty table says, e.g. 'No orders yet'. */
  emptyText: string;
}

/** The scaffold every list screen starts from: a title and a table with its empty state. */
export function ListPage({ title, subtitle, columns, emptyText }: ListPageProps) {
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: subtitle ? 4 : 16 }}>
        {title}
      </Typography.Title>
      {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
      <Table<ListRow>
        rowKey="id"
        columns={columns}
        dataSource={[]}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      />
    </>
  );
}
