import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { Link } from 'react-router';

import { routes, type ActivityDto } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

import { ACTIVITIES_PATH } from '../../api/account.api';

/** How many entries one change lists here; a larger change names the rest as a count. */
const SHOWN = 100;

/** 'The system', or who made the change. */
function actorOf(activity: ActivityDto): string {
  if (activity.source === 'system') return 'The system';
  return activity.source_name.trim() || 'Someone';
}

/** One stock change of many products, as one sentence: the line that stands for its entries. */
export function stockChangeSentence(activity: ActivityDto, count: number): string {
  return `${actorOf(activity)} updated the stock of ${count} products.`;
}

function figure(values: Record<string, unknown> | null): string {
  const quantity = values?.quantity;
  return typeof quantity === 'number' || typeof quantity === 'string' ? String(quantity) : '—';
}

/** One product's entry of the change: its SKU (a link to its stock timeline) and old → new. */
function Entry({ activity }: { activity: ActivityDto }) {
  const sku = typeof activity.new?.sku === 'string' ? activity.new.sku : `Product #${activity.subject_id}`;
  const storeId = activity.new?.store_id;
  const name =
    activity.subject_id !== null && (typeof storeId === 'number' || typeof storeId === 'string') ? (
      <Link to={`${routes.productDetail(storeId, activity.subject_id)}?tab=timeline`}>{sku}</Link>
    ) : (
      sku
    );
  return (
    <Typography.Text>
      {name} {figure(activity.old)} → {figure(activity.new)}
    </Typography.Text>
  );
}

/**
 * A stock change's line in the company's activity: the sentence, and its per-product entries on
 * demand (each product's own timeline keeps its entry too).
 */
export function StockChangeEntries({
  activity,
  change,
}: {
  activity: ActivityDto;
  change: { id: string; count: number };
}) {
  const [entries, setEntries] = useState<ActivityDto[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);

  const toggle = async () => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    if (entries !== null) return;
    setLoading(true);
    try {
      const answer = await apiClient.get<{ data: ActivityDto[] }>(ACTIVITIES_PATH, {
        'change_id[eq]': change.id,
        per_page: SHOWN,
        sort_by: 'created_at',
        sort_direction: 'asc',
      });
      setEntries(answer.data);
    } catch {
      // The api client's handler has told the user; the button can be pressed again.
      setOpen(false);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Flex vertical gap={4}>
      <span>
        {stockChangeSentence(activity, change.count)}{' '}
        <Button type="link" size="small" loading={loading} onClick={() => void toggle()} aria-expanded={open}>
          {open ? 'Hide the products' : `Show the ${change.count} products`}
        </Button>
      </span>
      {open && entries !== null ? (
        <Flex vertical gap={2} aria-label="Products of this change">
          {entries.map((entry) => (
            <Entry key={entry.id} activity={entry} />
          ))}
          {change.count > entries.length ? (
            <Typography.Text type="secondary">
              and {change.count - entries.length} more: each product&apos;s stock timeline has its entry.
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
    </Flex>
  );
}
