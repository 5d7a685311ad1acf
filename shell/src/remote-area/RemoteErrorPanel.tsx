import { Button, Result, Typography } from 'antd';
import type { RemoteName } from '../remotes';

export interface RemoteErrorPanelProps {
  remote: RemoteName;
  retrying: boolean;
  onRetry: () => void;
}

/** Shown in place of one remote's pages; the navigation and the other areas keep working. */
export function RemoteErrorPanel({ remote, retrying, onRetry }: RemoteErrorPanelProps) {
  return (
    <div data-testid="remote-error-panel" role="alert">
      <Result
        status="error"
        title="This area could not be loaded"
        subTitle={
          <>
            The <Typography.Text code>{remote}</Typography.Text> module did not load. Check the connection and
            try again.
          </>
        }
        extra={
          <Button type="primary" loading={retrying} onClick={onRetry}>
            Retry
          </Button>
        }
      />
    </div>
  );
}
