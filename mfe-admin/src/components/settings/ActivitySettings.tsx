import { Typography } from 'antd';

import type { ActivityDto } from '@syncdesk/contracts';
import { DataTable, formatDate, useListQuery, type DataTableColumn } from '@syncdesk/web-kit';

import { ACTIVITIES_PATH } from '../../api/account.api';

/** `{"name":"A"}`-style one-liner; null (nothing before a create, nothing after a delete) shows as ∅. */
export function compactJson(value: Record<string, unknown> | null): string {
  return value === null ? '∅' : JSON.stringify(value);
}

const COLUMNS: DataTableColumn<ActivityDto>[] = [
  {
    key: 'created_at',
    title: 'Date',
    dataIndex: 'created_at',
    sorter: true,
    render: (value: string) => formatDate(value),
  },
  { key: 'source_name', title: 'Who', dataIndex: 'source_name' },
  { key: 'via', title: 'Via', dataIndex: 'via' },
  { key: 'event', title: 'Event', dataIndex: 'event' },
  {
    key: 'change',
    title: 'Change',
    render: (_value, activity) => (
      <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {`${compactJson(activity.old)} → ${compactJson(activity.new)}`}
      </Typography.Text>
    ),
  },
];

/** Who changed what in the company, newest first. */
export function ActivitySettings() {
  const query = useListQuery<ActivityDto>(ACTIVITIES_PATH, {
    initialParams: { sort_by: 'created_at', sort_direction: 'desc' },
  });
  return (
    <DataTable
      tableKey="admin.activities"
      label="Activity"
      query={query}
      columns={COLUMNS}
      searchPlaceholder="Search activity"
      emptyText="No activity yet"
    />
  );
}
