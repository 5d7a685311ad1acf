import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { Link, useLocation, useNavigate, useParams } from 'react-router';

import {
  LOG_STATUS,
  RECORD_HANDLING_LABELS,
  routes,
  type TransactionRecordContentDto,
  type TransactionRecordDto,
  type TransactionRecordExplanationDto,
} from '@syncdesk/contracts';
import {
  formatDate,
  notifySuccess,
  PageHeader,
  StatusTag,
  useDebouncedRefresh,
  useRealtimeEvent,
} from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';
import { RecordBody } from './RecordBody';
import {
  bulkResultText,
  connectionRoute,
  recordDetailRoute,
  recordListRoute,
  recordTypeLabel,
} from './record-text';
import { concernsSource } from './TransactionRecordTable';
import {
  changeTransactionRecords,
  getTransactionRecord,
  getTransactionRecordContent,
  getTransactionRecordExplanation,
  type RecordSource,
} from './transaction-records.api';
import { useRecordSource, type ConnectionKind } from './useRecordSource';

const FAILED = LOG_STATUS.byKey('failed').value;

/** `…/channels/{channelId?}/transactionRecords/{logId}` and the plugin one. */
export function ConnectionRecordDetailPage({ kind }: { kind: ConnectionKind }) {
  const { source, missing } = useRecordSource(kind);
  const { logId = '' } = useParams();
  if (source) return <RecordDetail key={`${source.storeId}/${logId}`} source={source} logId={logId} />;
  return (
    <>
      <PageHeader title="Transaction record" />
      {missing ? (
        <Alert type="warning" showIcon title="This transaction record could not be found in your stores." />
      ) : (
        <Skeleton active />
      )}
    </>
  );
}

/** `/transactionRecords/apiTransactionRecords/{logId}`. */
export function ApiRecordDetailPage() {
  const { logId = '' } = useParams();
  return <RecordDetail key={logId} source={{ kind: 'api' }} logId={logId} />;
}

/** A record handed over by the list's link (the api's records have no read of their own). */
function useHandedRecord(logId: string): TransactionRecordDto | null {
  const state = useLocation().state as { record?: TransactionRecordDto } | null;
  return state?.record && String(state.record.id) === logId ? state.record : null;
}

function RecordDetail({ source, logId }: { source: RecordSource; logId: string }) {
  const handed = useHandedRecord(logId);
  const navigate = useNavigate();
  // Retry and ignore act on the connection, so the api asks channels.update for them.
  const can = useCan();
  const [record, setRecord] = useState<TransactionRecordDto | null>(handed);
  const [failed, setFailed] = useState(false);
  const [content, setContent] = useState<TransactionRecordContentDto | 'failed' | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    if (source.kind === 'api') return undefined;
    let active = true;
    getTransactionRecord(source, logId)
      .then((loaded) => active && setRecord(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
    // The source is fixed for this component (its key names it); a reload re-reads the record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [logId, version]);

  useEffect(() => {
    let active = true;
    getTransactionRecordContent(source, logId)
      .then((loaded) => active && setContent(loaded))
      .catch(() => active && setContent('failed'));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [logId]);

  // A retry writes a new record that links back here: show the link as soon as it exists.
  const refresh = useDebouncedRefresh(reload, 500);
  useRealtimeEvent('log:created', (event) => {
    if (concernsSource(source, event)) refresh();
  });

  const back = (
    <Button onClick={() => void navigate(recordListRoute(source))}>Back to transaction records</Button>
  );
  const bodies =
    content === 'failed' ? (
      <Alert type="warning" showIcon title="What was sent and answered could not be loaded." />
    ) : content ? (
      <>
        <RecordBody title="Request" body={content.request} />
        <RecordBody title="Response" body={content.response} />
      </>
    ) : (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (!record) {
    // An api record opened by its address alone: only its content can be read.
    if (source.kind === 'api') {
      return (
        <>
          <PageHeader title={`API transaction record ${logId}`} actions={back} />
          <Flex vertical gap={16}>
            <Alert
              type="info"
              showIcon
              title="Open this record from the list of api transaction records to see its status and timing."
            />
            {bodies}
          </Flex>
        </>
      );
    }
    return (
      <>
        <PageHeader title="Transaction record" actions={back} />
        {failed ? (
          <Alert type="error" showIcon title="This transaction record could not be loaded." />
        ) : (
          <Skeleton active />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={`${recordTypeLabel(record.type)} · ${formatDate(record.date)}`}
        subtitle={record.channel_name ?? (source.kind === 'api' ? 'Syncdesk api' : undefined)}
        actions={
          <>
            {back}
            {source.kind !== 'api' && can('channels.update') ? (
              <RecordActions source={source} record={record} onDone={reload} />
            ) : null}
          </>
        }
      />
      <Flex vertical gap={16}>
        <RetryOutcome source={source} record={record} />
        {record.status === FAILED && !record.ignored ? <Explanation source={source} record={record} /> : null}
        <Card title="Call">
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label="Date">{formatDate(record.date)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <StatusTag vocabulary={LOG_STATUS} value={record.status} />
              {record.handling !== 'open' ? <Tag>{RECORD_HANDLING_LABELS[record.handling]}</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label="Type">{recordTypeLabel(record.type)}</Descriptions.Item>
            <Descriptions.Item label="Method">{record.method}</Descriptions.Item>
            <Descriptions.Item label="URL" span="filled">
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {record.url}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="HTTP status">{record.http_status ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Response time">{record.response_time} ms</Descriptions.Item>
            <Descriptions.Item label="Attempts">{record.attempts}</Descriptions.Item>
            <Descriptions.Item label="Waiting requests">{record.waiting_request_count}</Descriptions.Item>
            <Descriptions.Item label="Message" span="filled">
              {record.message || '—'}
            </Descriptions.Item>
            {record.retry_of_id !== null ? (
              <Descriptions.Item label="Retry of">
                <Link to={recordDetailRoute(source, record.retry_of_id)}>Record {record.retry_of_id}</Link>
              </Descriptions.Item>
            ) : null}
            {record.retried_by_id !== null ? (
              <Descriptions.Item label="Retried by">
                <Link to={recordDetailRoute(source, record.retried_by_id)}>
                  Record {record.retried_by_id}
                </Link>
                {record.retried_by_status !== null ? (
                  <>
                    {' '}
                    <StatusTag vocabulary={LOG_STATUS} value={record.retried_by_status} />
                  </>
                ) : null}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        </Card>
        {bodies}
      </Flex>
    </>
  );
}

/** Retry (when the record knows its operation and was not retried) and Ignore (a failure not yet ignored). */
function RecordActions({
  source,
  record,
  onDone,
}: {
  source: RecordSource;
  record: TransactionRecordDto;
  onDone(): void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: 'retry' | 'ignore') => {
    setBusy(true);
    try {
      notifySuccess(bulkResultText(action, await changeTransactionRecords(source, action, [record.id])));
      onDone();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setBusy(false);
    }
  };
  // A retried failure is already out of the failures: its new attempt is the one to act on.
  const ignorable = record.status === FAILED && record.handling === 'open';
  return (
    <>
      {record.retryable ? (
        <Button type="primary" loading={busy} onClick={() => void run('retry')}>
          Retry
        </Button>
      ) : null}
      {ignorable ? (
        <Popconfirm
          title="Ignore this transaction record?"
          description="It leaves the failures and the dashboard, and is not retried."
          okText="Ignore"
          onConfirm={() => run('ignore')}
        >
          <Button disabled={busy}>Ignore</Button>
        </Popconfirm>
      ) : null}
    </>
  );
}

/**
 * What became of a retry: queued (the new attempt shows here as soon as it runs; the page reloads
 * on `log:created`), or how the new attempt went, with the way to it.
 */
function RetryOutcome({ source, record }: { source: RecordSource; record: TransactionRecordDto }) {
  if (record.handling === 'retry_queued')
    return (
      <Alert
        type="info"
        showIcon
        title="Retry queued. This record has left the failures; the new attempt appears here as soon as it runs."
      />
    );
  if (record.retried_by_id === null) return null;
  const status = record.retried_by_status;
  const [type, sentence]: ['success' | 'warning' | 'error' | 'info', string] =
    status === LOG_STATUS.byKey('success').value
      ? ['success', 'Retried: the new attempt worked.']
      : status === FAILED
        ? ['error', 'Retried: the new attempt failed too. Open it to see why.']
        : status === LOG_STATUS.byKey('warning').value
          ? ['warning', 'Retried: the new attempt worked with a warning.']
          : ['info', 'Retried: see the new attempt.'];
  return (
    <Alert
      type={type}
      showIcon
      title={sentence}
      description={
        <Link to={recordDetailRoute(source, record.retried_by_id)}>
          Open the new attempt (record {record.retried_by_id})
        </Link>
      }
    />
  );
}

/** What a failed record's explanation offers to do, where the screen for it is. */
function actionLink(source: RecordSource, action: string): { to: string; label: string } | null {
  const own = connectionRoute(source);
  const noun = source.kind === 'plugin' ? 'plugin' : 'channel';
  switch (action) {
    case 'reconnect':
      return own ? { to: own, label: `Reconnect the ${noun}` } : null;
    case 'settings':
      return own ? { to: own, label: `Open the ${noun}'s settings` } : null;
    case 'check_mapping':
      return source.kind === 'channel'
        ? {
            to: routes.channelProducts(source.storeId, source.connectionId),
            label: 'Check the product mapping',
          }
        : null;
    default:
      // Waiting, the order's state and the provider's own faults have no screen to go to.
      return null;
  }
}

/** The cause and the fix of a failed record, in the seller's words. */
function Explanation({ source, record }: { source: RecordSource; record: TransactionRecordDto }) {
  const [explanation, setExplanation] = useState<TransactionRecordExplanationDto | null | 'none'>(null);
  useEffect(() => {
    let active = true;
    getTransactionRecordExplanation(source, record.id)
      .then((loaded) => active && setExplanation(loaded))
      .catch(() => active && setExplanation('none'));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.id]);

  if (explanation === 'none') return null;
  if (explanation === null)
    return (
      <Card title="What went wrong">
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  const link = actionLink(source, explanation.action);
  return (
    <Alert
      type="error"
      showIcon
      title={explanation.cause}
      description={
        <Flex vertical gap={8} align="flex-start">
          <Typography.Text>{explanation.fix}</Typography.Text>
          {link ? <Link to={link.to}>{link.label}</Link> : null}
        </Flex>
      }
    />
  );
}
