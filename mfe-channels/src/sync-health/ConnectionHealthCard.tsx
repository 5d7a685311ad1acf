import { useCallback, useEffect, useState } from 'react';
import { Alert, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';

import { routes, type ConnectionSyncHealthDto, type RouteParam } from '@syncdesk/contracts';
import { formatDate, lagText, pendingText, useDebouncedRefresh, useRealtimeEvent } from '@syncdesk/web-kit';

import { getChannelSyncHealth } from './sync-health.api';

/** A run ends with several changes at once (orders imported, pushes queued); one reload covers them. */
const LIVE_REFRESH_DELAY_MS = 500;

/** How the channel is doing, in one line: OK, failing since when with how many errors, or deactivated. */
export function HealthState({ health }: { health: ConnectionSyncHealthDto }) {
  if (!health.is_active) {
    return (
      <>
        <Tag color="default">Deactivated</Tag>
        <Typography.Text type="secondary">Not syncing. Activate the channel to sync again.</Typography.Text>
      </>
    );
  }
  if (health.consecutive_errors > 0) {
    const errors = `${health.consecutive_errors} ${health.consecutive_errors === 1 ? 'error' : 'errors'}`;
    return (
      <>
        <Tag color="error">Failing</Tag>
        <Typography.Text>
          {health.failing_since
            ? `Failing since ${formatDate(health.failing_since)} with ${errors}`
            : `${errors} in a row`}
        </Typography.Text>
      </>
    );
  }
  return <Tag color="success">OK</Tag>;
}

/**
 * The channel's health and sync lag on its own page: last successful sync, next scheduled run, how
 * far the orders download has got, what still waits to be sent. Kept current by `sync:changed`.
 */
export function ConnectionHealthCard({ storeId, channelId }: { storeId: RouteParam; channelId: RouteParam }) {
  const [health, setHealth] = useState<ConnectionSyncHealthDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    let active = true;
    getChannelSyncHealth(storeId, channelId)
      .then((loaded) => {
        if (!active) return;
        setHealth(loaded);
        setFailed(false);
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [storeId, channelId, version]);

  const refresh = useDebouncedRefresh(reload, LIVE_REFRESH_DELAY_MS);
  useRealtimeEvent('sync:changed', (event) => {
    if (String(event.storeId) === String(storeId) && String(event.channelId) === String(channelId)) refresh();
  });

  const records = <Link to={routes.channelTransactionRecords(storeId, channelId)}>Transaction records</Link>;
  if (!health) {
    return (
      <Card title="Sync health" size="small" extra={records}>
        {failed ? (
          <Alert type="warning" showIcon title="The sync health of this channel could not be loaded." />
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </Card>
    );
  }

  const never = <Typography.Text type="secondary">Never</Typography.Text>;
  return (
    <Card title="Sync health" size="small" extra={records}>
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label="Health" span="filled">
          <HealthState health={health} />
        </Descriptions.Item>
        {health.last_error && (health.consecutive_errors > 0 || !health.is_active) ? (
          <Descriptions.Item label="Last error" span="filled">
            {health.last_error}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Last successful sync">
          {health.last_success_at ? formatDate(health.last_success_at) : never}
        </Descriptions.Item>
        <Descriptions.Item label="Next scheduled run">
          {health.next_run_at ? formatDate(health.next_run_at) : 'None scheduled'}
        </Descriptions.Item>
        <Descriptions.Item label="Orders imported up to">
          {health.orders_watermark ? formatDate(health.orders_watermark) : never}
        </Descriptions.Item>
        <Descriptions.Item label="Sync lag">
          {health.lag_seconds > 0 ? `${lagText(health.lag_seconds)} behind` : 'Up to date'}
        </Descriptions.Item>
        <Descriptions.Item label="Waiting to be sent" span="filled">
          {pendingText(health) || 'Nothing'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
