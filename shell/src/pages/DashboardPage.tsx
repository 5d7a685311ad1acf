import { useCallback, useEffect, useState } from 'react';
import { Alert, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { Link } from 'react-router';

import {
  LOG_STATUS,
  recordTypeLabel,
  routes,
  type ConnectionSyncHealthDto,
  type DashboardDto,
  type TransactionRecordDto,
} from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  lagSentence,
  quietApiClient,
  StatusTag,
  useCan,
  useDebouncedRefresh,
  useListQuery,
  useRealtimeEvent,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { DASHBOARD_LOGS_PATH, getDashboard } from './dashboard.api';
import { useDocumentTitle } from './useDocumentTitle';

/** Failures come in bursts (a failing run writes several records); one reload per burst. */
const LIVE_REFRESH_DELAY_MS = 500;

type ConnectionKind = 'channel' | 'plugin';

function recordsRoute(kind: ConnectionKind, storeId: number | null, id: number): string {
  return kind === 'plugin'
    ? routes.pluginTransactionRecords(storeId, id)
    : routes.channelTransactionRecords(storeId, id);
}

function recordRoute(record: TransactionRecordDto): string {
  return record.kind === 'plugin'
    ? routes.pluginTransactionRecordDetail(record.store_id, record.channel_id, record.id)
    : routes.channelTransactionRecordDetail(record.store_id, record.channel_id, record.id);
}

/** "Acme Shopify is 3 min behind: 2 stock pushes waiting" (the channel page's words). */
export const worstLagSentence = (health: ConnectionSyncHealthDto): string => lagSentence(health);

/** A figure still loading, or a dash when the figures could not be read (the alert above says so). */
function Pending({ failed }: { failed: boolean }) {
  return failed ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <Skeleton active paragraph={false} />
  );
}

const COLUMNS: DataTableColumn<TransactionRecordDto>[] = [
  {
    key: 'date',
    title: 'Date',
    render: (_, record) => <Link to={recordRoute(record)}>{formatDate(record.date)}</Link>,
  },
  {
    key: 'channel_name',
    title: 'Channel',
    render: (_, record) =>
      record.channel_id === null ? (
        '—'
      ) : (
        <Link
          to={recordsRoute(
            record.kind === 'plugin' ? 'plugin' : 'channel',
            record.store_id,
            record.channel_id,
          )}
        >
          {record.channel_name ?? `Channel ${record.channel_id}`}
        </Link>
      ),
  },
  { key: 'type', title: 'Type', render: (_, record) => recordTypeLabel(record.type) },
  {
    key: 'status',
    title: 'Status',
    render: (_, record) => <StatusTag vocabulary={LOG_STATUS} value={record.status} />,
  },
  { key: 'message', title: 'Message', dataIndex: 'message' },
  { key: 'attempts', title: 'Attempts', dataIndex: 'attempts' },
];

/** `/`: what needs attention. Failed channel transaction records (spec §1), live, and the sync lag. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const can = useCan();
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
        Dashboard
      </Typography.Title>
      <Typography.Paragraph type="secondary">Failed channel transaction records</Typography.Paragraph>
      {can('dashboard.read') ? (
        <DashboardContent />
      ) : (
        <Alert
          type="info"
          showIcon
          title="Your role does not include the dashboard. Ask an administrator for the view dashboard permission."
        />
      )}
    </>
  );
}

function DashboardContent() {
  const [summary, setSummary] = useState<DashboardDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const records = useListQuery<TransactionRecordDto>(DASHBOARD_LOGS_PATH, { client: quietApiClient });
  const { reload: reloadRecords } = records;

  useEffect(() => {
    let active = true;
    getDashboard()
      .then((loaded) => {
        if (!active) return;
        setSummary(loaded);
        setFailed(false);
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [version]);

  const reload = useCallback(() => {
    setVersion((current) => current + 1);
    reloadRecords();
  }, [reloadRecords]);
  const refresh = useDebouncedRefresh(reload, LIVE_REFRESH_DELAY_MS);
  useRealtimeEvent('log:created', refresh);
  useRealtimeEvent('sync:changed', refresh);

  return (
    <Flex vertical gap={16}>
      {failed ? <Alert type="warning" showIcon title="The dashboard's figures could not be loaded." /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={6}>
          <Card size="small">
            {summary ? (
              <Statistic title="Failed in the last 24 hours" value={summary.failed_records_24h} />
            ) : (
              <Pending failed={failed} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={9}>
          <Card size="small" title="Failing connections">
            {summary ? <FailingConnections summary={summary} /> : <Pending failed={failed} />}
          </Card>
        </Col>
        <Col xs={24} md={9}>
          <Card size="small" title="Sync lag">
            {summary ? <WorstLag summary={summary} /> : <Pending failed={failed} />}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={`Failed transaction records (${records.total})`}>
        <DataTable<TransactionRecordDto>
          tableKey="dashboard-failed-records"
          label="Failed transaction records"
          query={records}
          columns={COLUMNS}
          columnSettings={false}
          size="small"
          emptyText="No failed transaction records. Every channel and plugin call worked."
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </Flex>
  );
}

function FailingConnections({ summary }: { summary: DashboardDto }) {
  if (summary.failing_connections.length === 0)
    return (
      <Typography.Text type="secondary">None: every connection worked in the last 24 hours.</Typography.Text>
    );
  return (
    <Flex vertical gap={4} role="list" aria-label="Failing connections">
      {summary.failing_connections.map((connection) => (
        <div role="listitem" key={`${connection.kind}-${connection.channel_id}`}>
          <Link to={recordsRoute(connection.kind, connection.store_id, connection.channel_id)}>
            {connection.channel_name}
          </Link>{' '}
          <Typography.Text type="secondary">
            {connection.failed} failed {connection.failed === 1 ? 'call' : 'calls'}
          </Typography.Text>
        </div>
      ))}
    </Flex>
  );
}

function WorstLag({ summary }: { summary: DashboardDto }) {
  const worst = summary.worst_lag;
  if (!worst) return <Typography.Text type="secondary">Every channel is up to date.</Typography.Text>;
  // The lag figure names no store; a failing connection of the same channel does, and the records
  // page finds the store itself otherwise.
  const storeId =
    summary.failing_connections.find(
      (connection) => connection.kind === 'channel' && connection.channel_id === worst.channel_id,
    )?.store_id ?? null;
  return (
    <Flex vertical gap={4} align="flex-start">
      <Typography.Text>{worstLagSentence(worst)}</Typography.Text>
      <Link to={recordsRoute('channel', storeId, worst.channel_id)}>Transaction records</Link>
    </Flex>
  );
}
