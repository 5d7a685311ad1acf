import { Button, Flex, Result, Spin } from 'antd';
import { NAVIGATION_PROGRESS } from '@syncdesk/contracts';
import type { SessionStatus } from './useSessionStatus';
import { useNavigationProgress } from '../navigation/useNavigationProgress';

/**
 * Nothing but a spinner on the page background (no card, no layout), and only once the wait
 * outlasts the progress bar's throttle, so a quick fetch after sign-in shows nothing at all.
 */
function SessionLoading() {
  // Fetching the user is part of opening the page: the progress bar shows if it takes a while.
  useNavigationProgress();
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }} data-testid="session-loading">
      <Spin size="large" delay={NAVIGATION_PROGRESS.throttleMs} aria-label="Loading" />
    </Flex>
  );
}

/** What a guard shows while the user is being fetched, or when fetching failed. */
export function SessionPending({
  status,
}: {
  status: Extract<SessionStatus, { kind: 'loading' | 'failed' }>;
}) {
  if (status.kind === 'loading') return <SessionLoading />;
  return (
    <Result
      status="warning"
      title="Your session could not be loaded"
      subTitle="Check the connection and try again."
      extra={
        <Button type="primary" onClick={status.retry}>
          Retry
        </Button>
      }
    />
  );
}
