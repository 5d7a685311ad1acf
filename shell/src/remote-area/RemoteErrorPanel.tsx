import { Button, Result } from 'antd';

export interface RemoteErrorPanelProps {
  /** The area in the navigation's words ('Products'), never the container name. */
  label: string;
  retrying: boolean;
  onRetry: () => void;
}

/** Shown in place of one remote's pages; the navigation and the other areas keep working. */
export function RemoteErrorPanel({ label, retrying, onRetry }: RemoteErrorPanelProps) {
  return (
    <div data-testid="remote-error-panel" role="alert">
      <Result
        status="error"
        title={`${label} could not be loaded`}
        subTitle="Check the connection and try again."
        extra={
          <Button type="primary" loading={retrying} onClick={onRetry}>
            Retry
          </Button>
        }
      />
    </div>
  );
}
