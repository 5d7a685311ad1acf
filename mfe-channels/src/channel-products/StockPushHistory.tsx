import { useCallback, useEffect, useState } from 'react';
import { Alert, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';

import type { RouteParam, StockPushProvenanceDto } from '@syncdesk/contracts';
import { formatDate, useDebouncedRefresh, useRealtimeEvent } from '@syncdesk/web-kit';

import { getStockPushes } from './stock-pushes.api';
import { kitComponentText, stockPushSentence } from './stock-push-sentence';

const OUTCOME_TAGS: Record<string, { color: string; label: string }> = {
  pushed: { color: 'success', label: 'Pushed' },
  held: { color: 'warning', label: 'Held' },
  failed: { color: 'error', label: 'Failed' },
};

export interface StockPushHistoryProps {
  storeId: RouteParam;
  channelId: RouteParam;
  listingId: RouteParam;
  /** Who was told, as the sentence names it ("Shopify"). */
  channelName: string;
}

/**
 * "Why does the channel show 7?": the listing's recent stock pushes, latest first, each with how
 * its number was worked out, the kit components behind it, and why a push was held back.
 */
export function StockPushHistory({ storeId, channelId, listingId, channelName }: StockPushHistoryProps) {
  const [pushes, setPushes] = useState<StockPushProvenanceDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    let active = true;
    getStockPushes(storeId, channelId, listingId)
      .then((loaded) => {
        if (!active) return;
        setPushes([...loaded].sort((a, b) => b.pushed_at.localeCompare(a.pushed_at)));
        setFailed(false);
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [storeId, channelId, listingId, version]);

  // A push sent or held changes the channel's sync state; that is when the history grows.
  const refresh = useDebouncedRefresh(reload, 500);
  useRealtimeEvent('sync:changed', (event) => {
    if (String(event.storeId) === String(storeId) && String(event.channelId) === String(channelId)) refresh();
  });

  return (
    <Card title="Stock pushes">
      {pushes === null ? (
        failed ? (
          <Alert type="warning" showIcon title="The stock pushes of this listing could not be loaded." />
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )
      ) : pushes.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No stock pushed yet. Pushes appear here with how each number was worked out."
        />
      ) : (
        <Flex vertical gap={12} role="list" aria-label="Stock pushes">
          {pushes.map((push) => (
            <StockPushEntry key={push.id} push={push} channelName={channelName} />
          ))}
        </Flex>
      )}
    </Card>
  );
}

function StockPushEntry({ push, channelName }: { push: StockPushProvenanceDto; channelName: string }) {
  const tag = OUTCOME_TAGS[push.outcome];
  return (
    <Flex vertical gap={2} role="listitem">
      <Flex gap={8} align="center" wrap>
        <Tag color={tag?.color ?? 'default'}>{tag?.label ?? push.outcome}</Tag>
        <Typography.Text>{stockPushSentence(push, channelName)}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary">{formatDate(push.pushed_at)}</Typography.Text>
      {push.kit_components && push.kit_components.length > 0 ? (
        <ul aria-label="Kit components" style={{ margin: 0, paddingInlineStart: 20 }}>
          {push.kit_components.map((component) => (
            <li key={component.sku}>
              <Typography.Text type="secondary">{kitComponentText(component)}</Typography.Text>
            </li>
          ))}
        </ul>
      ) : null}
      {push.note ? <Typography.Text type="warning">{push.note}</Typography.Text> : null}
    </Flex>
  );
}
