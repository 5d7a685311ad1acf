import { Suspense, useCallback, useState } from 'react';
import { Flex, Spin } from 'antd';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../layouts/ErrorBoundary';
import { prepareRemoteRetry, type RemoteName } from '../remotes';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import { remoteAreaLabel } from './remoteAreaLabel';
import { RemoteRoutes } from './RemoteRoutes';
import { useNavigationProgress } from '../navigation/useNavigationProgress';

export interface RemoteAreaProps {
  remote: RemoteName;
}

function RemoteAreaLoading() {
  // Loading a remote's code is part of the navigation: the top progress bar shows if it takes a while.
  useNavigationProgress();
  return (
    <Flex justify="center" style={{ padding: 64 }} data-testid="remote-area-loading">
      <Spin size="large" aria-label="Loading" />
    </Flex>
  );
}

/**
 * One remote's part of the page. Its failures stay inside it: a remote that cannot be fetched, or
 * that throws while rendering, shows an error panel with Retry while the rest of the shell works.
 */
export function RemoteArea({ remote }: RemoteAreaProps) {
  const { pathname } = useLocation();
  // A new attempt remounts the boundary, so the area starts over from loading.
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);

  const retry = useCallback(() => {
    setRetrying(true);
    void prepareRemoteRetry(remote).finally(() => {
      setRetrying(false);
      setAttempt((previous) => previous + 1);
    });
  }, [remote]);

  return (
    <ErrorBoundary
      key={attempt}
      // Navigating elsewhere in the same remote gives a page that threw another chance.
      resetKey={pathname}
      onError={(error) => console.error(`The ${remote} area failed.`, error)}
      fallback={() => (
        <RemoteErrorPanel label={remoteAreaLabel(remote, pathname)} retrying={retrying} onRetry={retry} />
      )}
    >
      <Suspense fallback={<RemoteAreaLoading />}>
        <RemoteRoutes remote={remote} />
      </Suspense>
    </ErrorBoundary>
  );
}
