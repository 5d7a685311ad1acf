import { useState } from 'react';
import { Button, Flex, Segmented, Typography } from 'antd';
import { useNavigate } from 'react-router';

import {
  NOTIFICATION_LEVEL,
  NOTIFICATION_STATUS,
  type BulkUpdateNotificationsInput,
  type NotificationDto,
} from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  PageHeader,
  StatusTag,
  useListQuery,
  useRealtimeEvent,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { NOTIFICATIONS_PATH, updateNotifications } from '../api/notifications.api';

type Shown = 'unread' | 'all';

/** What a bulk update may set: a notification only moves forward. */
type TargetStatus = BulkUpdateNotificationsInput['status'];
const READ = NOTIFICATION_STATUS.byKey('read').value as TargetStatus;
const DISMISSED = NOTIFICATION_STATUS.byKey('dismissed').value as TargetStatus;
const UNREAD = NOTIFICATION_STATUS.byKey('unread').value;

export const NOTIFICATIONS_EMPTY_TEXT =
  'No notifications yet. Imports and exports tell you here when they finish.';

const UNREAD_EMPTY_TEXT = 'No unread notifications. Imports and exports tell you here when they finish.';

/**
 * The user's own notifications, newest first: unread ones, or all but the dismissed ones. A row
 * is marked read, dismissed, or opened (which marks it read and goes to its page). New ones appear
 * as they arrive.
 */
export function NotificationListPage() {
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>('unread');
  const [busyId, setBusyId] = useState<number | 'all' | null>(null);
  const query = useListQuery<NotificationDto>(
    shown === 'all' ? `${NOTIFICATIONS_PATH}?show_all=1` : NOTIFICATIONS_PATH,
  );

  useRealtimeEvent('notification:created', () => query.reload());

  const update = async (target: number | 'all', status: TargetStatus) => {
    setBusyId(target);
    try {
      await updateNotifications(target === 'all' ? { all: true, status } : { ids: [target], status });
      query.reload();
    } catch {
      // The api client's error handler has shown the failure.
    } finally {
      setBusyId(null);
    }
  };

  const open = async (notification: NotificationDto) => {
    if (notification.status === UNREAD) await update(notification.id, READ);
    if (notification.link) void navigate(notification.link);
  };

  const columns: DataTableColumn<NotificationDto>[] = [
    {
      key: 'level',
      title: 'Level',
      dataIndex: 'level',
      sorter: true,
      render: (level: number) => <StatusTag vocabulary={NOTIFICATION_LEVEL} value={level} />,
    },
    {
      key: 'message',
      title: 'Notification',
      render: (_value, notification) => (
        <Flex vertical>
          <Typography.Text strong={notification.status === UNREAD}>{notification.title}</Typography.Text>
          <Typography.Text type="secondary">{notification.message}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      render: (status: number) => <StatusTag vocabulary={NOTIFICATION_STATUS} value={status} />,
    },
    {
      key: 'created_at',
      title: 'Received',
      dataIndex: 'created_at',
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_value, notification) => (
        <Flex gap={4} wrap>
          {notification.link ? (
            <Button size="small" type="link" onClick={() => void open(notification)}>
              Open
            </Button>
          ) : null}
          {notification.status === UNREAD ? (
            <Button
              size="small"
              loading={busyId === notification.id}
              onClick={() => void update(notification.id, READ)}
            >
              Mark read
            </Button>
          ) : null}
          <Button
            size="small"
            type="text"
            danger
            aria-label={`Dismiss ${notification.title}`}
            onClick={() => void update(notification.id, DISMISSED)}
          >
            Dismiss
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Notifications"
        actions={
          <Button
            disabled={shown === 'unread' && query.total === 0}
            loading={busyId === 'all'}
            onClick={() => void update('all', READ)}
          >
            Mark all read
          </Button>
        }
      />
      <DataTable
        tableKey="admin.notifications"
        label="Notifications"
        query={query}
        columns={columns}
        toolbar={
          <Segmented<Shown>
            aria-label="Show"
            value={shown}
            onChange={(value) => {
              setShown(value);
              query.setParams({ page: 1 });
            }}
            options={[
              { value: 'unread', label: 'Unread' },
              { value: 'all', label: 'All' },
            ]}
          />
        }
        emptyText={shown === 'all' ? NOTIFICATIONS_EMPTY_TEXT : UNREAD_EMPTY_TEXT}
        emptyAction={
          shown === 'unread' ? (
            <Button
              onClick={() => {
                setShown('all');
                query.setParams({ page: 1 });
              }}
            >
              Show all
            </Button>
          ) : undefined
        }
      />
    </>
  );
}
