import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Form, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';

import { ORDER_SYNC_STATUS, type RuleDto, type RuleRunDto } from '@syncdesk/contracts';

import { listStoreChannels } from '../orders/orders.api';
import { RuleRunProgress } from './RuleRunProgress';
import { backfillRule } from './rules.api';
import { useRuleRun } from './useRuleRun';

interface BackfillFilters {
  dates: [Dayjs | null, Dayjs | null] | null;
  syncStatus: number | undefined;
  channelIds: number[];
}

/** The filters as the orders list's own query parameters (`GET orders/{storeId}` takes the same). */
export function backfillQuery({
  dates,
  syncStatus,
  channelIds,
}: BackfillFilters): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (dates?.[0]) query['order_date[startDate]'] = dates[0].format('YYYY-MM-DD');
  if (dates?.[1]) query['order_date[endDate]'] = dates[1].format('YYYY-MM-DD');
  if (syncStatus !== undefined) query['sync_status[eq]'] = String(syncStatus);
  if (channelIds.length > 0) query['channel_id[in]'] = channelIds.map(String);
  return query;
}

/** "orders dated 1 Nov 2026 to 20 Nov 2026, with sync status Pending, from 2 channels" */
function filtersSentence(
  { dates, syncStatus, channelIds }: BackfillFilters,
  channelNames: Map<number, string>,
) {
  const parts: string[] = [];
  if (dates?.[0] || dates?.[1])
    parts.push(
      `dated ${dates?.[0]?.format('D MMM YYYY') ?? 'any time'} to ${dates?.[1]?.format('D MMM YYYY') ?? 'today'}`,
    );
  if (syncStatus !== undefined)
    parts.push(
      `with sync status ${ORDER_SYNC_STATUS.entries.find((entry) => entry.value === syncStatus)?.label}`,
    );
  if (channelIds.length > 0)
    parts.push(`from ${channelIds.map((id) => channelNames.get(id) ?? `channel ${id}`).join(', ')}`);
  return parts.length > 0 ? `the store’s orders ${parts.join(', ')}` : 'every order of the store';
}

/** "Backfill": applies the saved rule to existing orders, with live progress and a summary. */
export function BackfillDialog({ rule, onClose }: { rule: RuleDto; onClose(): void }) {
  const [filters, setFilters] = useState<BackfillFilters>({
    dates: null,
    syncStatus: undefined,
    channelIds: [],
  });
  const [channels, setChannels] = useState<{ id: number; name: string }[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [started, setStarted] = useState<RuleRunDto | null>(null);
  const run = useRuleRun(started);

  useEffect(() => {
    let active = true;
    void listStoreChannels(rule.store_id).then(
      (rows) => active && setChannels(rows.map((channel) => ({ id: channel.id, name: channel.name }))),
    );
    return () => {
      active = false;
    };
  }, [rule.store_id]);

  const start = async () => {
    setSending(true);
    try {
      setStarted(await backfillRule(rule.id, backfillQuery(filters)));
    } catch {
      // The api client's handler has said why.
    } finally {
      setSending(false);
    }
  };

  const sentence = filtersSentence(filters, new Map(channels.map((channel) => [channel.id, channel.name])));
  const footer = run ? (
    <Button onClick={onClose}>Close</Button>
  ) : confirming ? (
    <>
      <Button onClick={() => setConfirming(false)}>Back</Button>
      <Button type="primary" loading={sending} onClick={() => void start()}>
        Apply the rule
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onClose}>Cancel</Button>
      <Button type="primary" onClick={() => setConfirming(true)}>
        Next
      </Button>
    </>
  );

  return (
    <Modal open title={`Backfill “${rule.name}”`} onCancel={onClose} footer={footer}>
      {run ? (
        <RuleRunProgress run={run} />
      ) : confirming ? (
        <Alert
          type="warning"
          showIcon
          title={`Apply “${rule.name}” (version ${rule.version}) to ${sentence}?`}
          description="Matching orders get the rule’s actions now. Orders the rule already changed are not changed twice, and synced orders keep their status."
        />
      ) : (
        <Form layout="vertical">
          <Typography.Paragraph type="secondary">
            Choose which existing orders the saved rule is applied to. Leave a filter empty to include every
            order.
          </Typography.Paragraph>
          <Form.Item label="Order date" htmlFor="backfill-dates">
            <DatePicker.RangePicker
              id={{ start: 'backfill-dates' }}
              allowEmpty={[true, true]}
              value={filters.dates}
              onChange={(dates) => setFilters((current) => ({ ...current, dates: dates ?? null }))}
            />
          </Form.Item>
          <Form.Item label="Sync status" htmlFor="backfill-sync-status">
            <Select
              id="backfill-sync-status"
              allowClear
              placeholder="Any"
              value={filters.syncStatus}
              onChange={(syncStatus?: number) => setFilters((current) => ({ ...current, syncStatus }))}
              options={ORDER_SYNC_STATUS.entries.map((entry) => ({ value: entry.value, label: entry.label }))}
            />
          </Form.Item>
          <Form.Item label="Channels" htmlFor="backfill-channels">
            <Select
              id="backfill-channels"
              mode="multiple"
              allowClear
              placeholder="Any"
              value={filters.channelIds}
              onChange={(channelIds: number[]) => setFilters((current) => ({ ...current, channelIds }))}
              options={channels.map((channel) => ({ value: channel.id, label: channel.name }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
