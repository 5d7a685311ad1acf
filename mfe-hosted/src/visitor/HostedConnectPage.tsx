import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { ERROR_MESSAGES, routes } from '@syncdesk/contracts';
import { errorNotificationText, isApiError } from '@syncdesk/web-kit';

import { authorizeHostedChannel } from '../api/hosted-visitor.api';
import { rememberHostedReturn } from './hosted-return';
import { useHostedPage } from './HostedPageFrame';

type Progress = { status: 'redirecting'; provider?: string } | { status: 'failed'; message: string };

/**
 * `/hostedPages/{token}/connect/{storeId?}/{channelId}`: asks for the provider's consent link (the
 * existing guest flow, through the hosted call) and sends the browser there. The provider brings
 * it back to our callback page, which hands it to /hostedPages/redirecting and from there back to
 * this link; the token stays in this tab for that (hosted-return.ts), never with the provider.
 */
export function HostedConnectPage() {
  const { token } = useHostedPage();
  const { channelId = '' } = useParams();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<Progress>({ status: 'redirecting' });
  const requested = useRef(false);

  const connect = useCallback(() => {
    setProgress({ status: 'redirecting' });
    authorizeHostedChannel(token, channelId).then(
      (link) => {
        setProgress({ status: 'redirecting', provider: link.provider });
        rememberHostedReturn(token);
        window.location.assign(link.url);
      },
      (error: unknown) =>
        setProgress({
          status: 'failed',
          message:
            isApiError(error) && error.status < 500
              ? (errorNotificationText(error) ?? ERROR_MESSAGES.channelConnectError)
              : ERROR_MESSAGES.channelConnectError,
        }),
    );
  }, [token, channelId]);

  useEffect(() => {
    // One consent link per visit, also under StrictMode's double effect run.
    if (requested.current) return;
    requested.current = true;
    connect();
  }, [connect]);

  return (
    <Card>
      {progress.status === 'redirecting' ? (
        <Flex vertical align="center" gap={16} style={{ padding: 32 }} role="status">
          <Spin size="large" />
          <Typography.Text>Redirecting to {progress.provider ?? 'the provider'}…</Typography.Text>
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Alert type="error" showIcon title={progress.message} />
          <Flex gap={8} justify="end" wrap>
            <Button onClick={() => void navigate(routes.hostedPageChannelDetail(token, channelId))}>
              Back to the channel
            </Button>
            <Button type="primary" onClick={connect}>
              Try again
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
