import { useState } from 'react';
import { Button, Popconfirm, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';

import type { LogCreatedEvent, TransactionRecordDto } from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  notifySuccess,
  useDebouncedRefresh,
  useListQuery,
  useRealtimeEvent,
  useSelection,
  type DataTableColumn,
  type SelectionState,
} from '@syncdesk/web-kit';

import { listEveryRow } from '../channel-products/bulk-selection';
import { useCan } from '../hooks/useCan';
import { bulkResultText, recordDetailRoute, recordTypeLabel } from './record-text';
import { RecordStatus } from './RecordStatus';
import { hasRecordFilters, TransactionRecordFilters } from './TransactionRecordFilters';
import { changeTransactionRecords, recordListPath, type RecordSource } from './transaction-records.api';

/** New records arrive in bursts (a sync run writes several); one reload per burst is enough. */
const LIVE_REFRESH_DELAY_MS = 500;

/** Whether a `log:created` event is about the records this table lists. */
export function concernsSource(source: RecordSource, event: LogCreatedEvent): boolean {
  if (source.kind === 'api') return event.channelId === undefined && event.pluginId === undefined;
  if (String(event.storeId) !== String(source.storeId)) return false;
  const id = source.kind === 'channel' ? event.channelId : event.pluginId;
  return id !== undefined && String(id) === String(source.connectionId);
}

function columnsFor(source: RecordSource): DataTableColumn<TransactionRecordDto>[] {
  return [
    {
      key: 'date',
      title: 'Date',
      sorter: true,
      render: (_, record) => (
        <Link to={recordDetailRoute(source, record.id)} state={{ record }}>
          {formatDate(record.date)}
        </Link>
      ),
    },
    { key: 'type', title: 'Type', render: (_, record) => recordTypeLabel(record.type) },
    { key: 'method', title: 'Method', dataIndex: 'method' },
    {
      key: 'url',
      title: 'URL',
      dataIndex: 'url',
      ellipsis: { showTitle: false },
      width: 280,
      render: (url: string) => (
        <Tooltip title={url} placement="topLeft">
          <Typography.Text ellipsis style={{ maxWidth: 260 }}>
            {url}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (_, record) => <RecordStatus source={source} record={record} />,
    },
    {
      key: 'response_time',
      title: 'Response time',
      sorter: true,
      render: (_, record) => `${record.response_time} ms`,
    },
    { key: 'attempts', title: 'Attempts', dataIndex: 'attempts' },
    { key: 'waiting_request_count', title: 'Waiting requests', dataIndex: 'waiting_request_count' },
    { key: 'message', title: 'Message', dataIndex: 'message' },
  ];
}

/**
 * The records of a channel, a plugin or the api: filters, search, server paging and sort, and,
 * for channels and plugins, bulk Retry and Ignore. New records of the same source appear live.
 */
export function TransactionRecordTable({ source }: { source: RecordSource }) {
  const path = recordListPath(source);
  const query = useListQuery<TransactionRecordDto>(path, {
    initialParams: { sort_by: 'date', sort_direction: 'desc' },
  });
  const selection = useSelection(query.total);
  // Retry and ignore act on the connection, so the api asks channels.update for them; the api's
  // own records have neither.
  const can = useCan();
  const bulk = source.kind !== 'api' && can('channels.update');

  const refresh = useDebouncedRefresh(query.reload, LIVE_REFRESH_DELAY_MS);
  useRealtimeEvent('log:created', (event) => {
    if (concernsSource(source, event)) refresh();
  });

  const narrowed = hasRecordFilters(query.params);
  return (
    <DataTable<TransactionRecordDto>
      tableKey={`transaction-records-${source.kind}`}
      label="Transaction records"
      query={query}
      columns={columnsFor(source)}
      searchPlaceholder="Search url or message"
      selection={bulk ? selection : undefined}
      bulkActions={
        bulk ? (
          <BulkActions
            source={source}
            selection={selection}
            listAll={() => listEveryRow<TransactionRecordDto>(path, query.params)}
            onDone={() => {
              selection.clear();
              query.reload();
            }}
          />
        ) : undefined
      }
      toolbar={
        <TransactionRecordFilters
          byState={source.kind !== 'api'}
          params={query.params}
          setParams={query.setParams}
          onChange={selection.clear}
        />
      }
      emptyText={
        narrowed
          ? 'No transaction records match these filters. Clear the filters to see them all.'
          : source.kind === 'api'
            ? 'No api calls recorded yet. Calls made with an api key appear here.'
            : 'No transaction records yet. They appear here as soon as this connection syncs.'
      }
      scroll={{ x: 'max-content' }}
    />
  );
}

interface BulkActionsProps {
  source: RecordSource;
  selection: SelectionState;
  /** Every row the list's filters match, for 'Select all N'. */
  listAll(): Promise<TransactionRecordDto[]>;
  onDone(): void;
}

/** Retry and Ignore for the selected records; Ignore asks first, since it hides failures. */
function BulkActions({ source, selection, listAll, onDone }: BulkActionsProps) {
  const [busy, setBusy] = useState<'retry' | 'ignore' | null>(null);

  const selectedIds = async (): Promise<number[]> => {
    const chosen = selection.selection;
    if (chosen.mode === 'ids') return chosen.ids.map(Number);
    const excluded = new Set(chosen.excludedIds.map(String));
    return (await listAll()).map((row) => row.id).filter((id) => !excluded.has(String(id)));
  };

  const run = async (action: 'retry' | 'ignore') => {
    setBusy(action);
    try {
      const result = await changeTransactionRecords(source, action, await selectedIds());
      notifySuccess(bulkResultText(action, result));
      onDone();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setBusy(null);
    }
  };

  const count = selection.count;
  return (
    <>
      <Button
        size="small"
        loading={busy === 'retry'}
        disabled={busy !== null}
        onClick={() => void run('retry')}
      >
        Retry
      </Button>
      <Popconfirm
        title={`Ignore ${count} transaction ${count === 1 ? 'record' : 'records'}?`}
        description="Ignored records leave the failures and the dashboard. They are not retried."
        okText="Ignore"
        onConfirm={() => run('ignore')}
      >
        <Button size="small" loading={busy === 'ignore'} disabled={busy !== null}>
          Ignore
        </Button>
      </Popconfirm>
    </>
  );
}
