import { Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';

import { LOG_STATUS, RECORD_HANDLING_LABELS, type TransactionRecordDto } from '@syncdesk/contracts';

/** A LOG_STATUS value as the DTO's plain number is read against the vocabulary. */
type LogStatusValue = (typeof LOG_STATUS.values)[number];
import { StatusTag } from '@syncdesk/web-kit';

import { recordDetailRoute } from './record-text';
import type { RecordSource } from './transaction-records.api';

/**
 * A record's status as the seller reads it: a failure someone retried or ignored shows as such
 * (grey, not red: it is no longer a failure to act on), with the links between a retry and the
 * record it retried, both ways.
 */
export function RecordStatus({ source, record }: { source: RecordSource; record: TransactionRecordDto }) {
  const tag =
    record.handling === 'open' ? (
      <StatusTag vocabulary={LOG_STATUS} value={record.status} />
    ) : (
      <Tag color={record.handling === 'retry_queued' ? 'processing' : 'default'}>
        {RECORD_HANDLING_LABELS[record.handling]}
      </Tag>
    );
  const links: { to: string; text: string }[] = [];
  if (record.retried_by_id !== null)
    links.push({ to: recordDetailRoute(source, record.retried_by_id), text: retryOutcomeText(record) });
  if (record.retry_of_id !== null)
    links.push({
      to: recordDetailRoute(source, record.retry_of_id),
      text: `Retry of record ${record.retry_of_id}`,
    });
  if (links.length === 0) return tag;
  return (
    <Flex vertical gap={2} align="flex-start">
      {tag}
      {links.map((link) => (
        <Typography.Text key={link.to} type="secondary" style={{ fontSize: 12 }}>
          <Link to={link.to}>{link.text}</Link>
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** "New attempt: Success" — how the retry of a record went, once it ran. */
export function retryOutcomeText(record: TransactionRecordDto): string {
  const outcome = LOG_STATUS.byValue(record.retried_by_status as LogStatusValue | null)?.label;
  return outcome ? `New attempt: ${outcome}` : `New attempt: record ${record.retried_by_id}`;
}
