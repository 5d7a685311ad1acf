import { useEffect } from 'react';
import { Button, Card, Empty, Timeline, Typography } from 'antd';

import { activitySentence, type ActivityDto } from '@syncdesk/contracts';
import { formatDate, useListQuery } from '@syncdesk/web-kit';

import { orderActivitiesPath } from './orders.api';

export interface OrderTimelineProps {
  orderId: number;
  /** The order's number, for activities that don't carry it. */
  orderNumber: string;
  /** Bumped by the page on every live event or action, so the timeline refetches. */
  version: number;
}

const PAGE_SIZE = 20;

/**
 * The order's history (spec §3 Order activity: when, who, via what, old → new), newest first, each
 * as one sentence in contracts' activity words, with its time and the way it came (import, web…).
 */
export function OrderTimeline({ orderId, orderNumber, version }: OrderTimelineProps) {
  const activities = useListQuery<ActivityDto>(orderActivitiesPath(orderId), {
    initialParams: { per_page: PAGE_SIZE },
  });
  const { reload } = activities;
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);
  const shown = activities.params.per_page ?? PAGE_SIZE;

  return (
    <Card title="Activity">
      {activities.data.length === 0 && !activities.loading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No activity yet." />
      ) : (
        <Timeline
          aria-label="Activity"
          items={activities.data.map((activity) => ({
            key: activity.id,
            content: (
              <>
                <Typography.Text>{activitySentence(activity, { subjectName: orderNumber })}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {[formatDate(activity.created_at), activity.via ? `via ${activity.via}` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </>
            ),
          }))}
        />
      )}
      {activities.total > shown ? (
        <Button type="link" onClick={() => activities.setParams({ per_page: shown + PAGE_SIZE })}>
          Show older activity
        </Button>
      ) : null}
    </Card>
  );
}
