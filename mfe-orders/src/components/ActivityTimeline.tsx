import { useEffect } from 'react';
import { Button, Card, Empty, Timeline, Typography } from 'antd';

import { activitySentence, type ActivityDto } from '@syncdesk/contracts';
import { formatDate, useListQuery } from '@syncdesk/web-kit';

export interface ActivityTimelineProps {
  /** List source of the subject's activities (`/activities/invoice/12`), newest first. */
  path: string;
  /** The record's own name, for activities that don't carry it ('the invoice INV-000012'). */
  subjectName?: string;
  /** Bumped by the page after its own changes, so the timeline refetches. */
  version?: number;
}

const PAGE_SIZE = 20;

/**
 * A record's history, newest first, each activity as one sentence (contracts' activity sentences,
 * the same words as Settings › Activity) with when it happened and the way it came (import, web…).
 */
export function ActivityTimeline({ path, subjectName, version = 0 }: ActivityTimelineProps) {
  const activities = useListQuery<ActivityDto>(path, { initialParams: { per_page: PAGE_SIZE } });
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
                <Typography.Text>{activitySentence(activity, { subjectName })}</Typography.Text>
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
