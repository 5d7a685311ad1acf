import { Badge, Tooltip } from 'antd';
import { useRealtimeStatus, type RealtimeStatus } from '@syncdesk/web-kit';

const PRESENTATION: Record<RealtimeStatus, { badge: 'success' | 'processing' | 'default'; label: string }> = {
  connected: { badge: 'success', label: 'Live updates on' },
  connecting: { badge: 'processing', label: 'Connecting to live updates' },
  disconnected: { badge: 'default', label: 'Live updates off' },
};

/** A dot in the top bar telling whether live updates (Socket.IO) are flowing. */
export function RealtimeStatusDot() {
  const status = useRealtimeStatus();
  const { badge, label } = PRESENTATION[status];

  return (
    <Tooltip title={label}>
      <span data-testid="realtime-status" data-status={status} aria-label={label} role="status">
        <Badge status={badge} />
      </span>
    </Tooltip>
  );
}
