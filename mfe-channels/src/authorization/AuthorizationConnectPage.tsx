import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { ROUTE_PATTERNS, type ChannelKind } from '@syncdesk/contracts';
import { useSessionUser } from '@syncdesk/web-kit';

import { authorizeConnection, connectionDetailRoute } from './authorization.api';
import { authorizationFailureText, authorizationTexts } from './authorization-messages';

type Progress = { status: 'redirecting'; provider?: string } | { status: 'failed'; message: string };

/**
 * `/authorization/connect/{storeId?}/{channelId}` (`?kind=accounting` for accounting channels)
 * and `/authorization/plugin/connect/{storeId?}/{pluginId}`: asks the api for the provider's
 * consent link and sends the browser there. Without a store in the path the page takes `?store=`,
 * else the user's first store (the api answers 404 if the channel is not in it).
 */
export function AuthorizationConnectPage({ plugin }: { plugin: boolean }) {
  const params = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const texts = authorizationTexts(plugin);
  const kind: ChannelKind = plugin ? 'plugin' : query.get('kind') === 'accounting' ? 'accounting' : 'channel';
  const id = plugin ? params.pluginId : params.channelId;
  const storeId = params.storeId ?? query.get('store') ?? user?.stores[0]?.id;
  const [progress, setProgress] = useState<Progress>({ status: 'redirecting' });
  const requested = useRef(false);

  const connect = useCallback(() => {
    if (!id || storeId === undefined) {
      setProgress({ status: 'failed', message: `This ${texts.noun} is not in any of your stores.` });
      return;
    }
    setProgress({ status: 'redirecting' });
    authorizeConnection(kind, storeId, id).then(
      (link) => {
        setProgress({ status: 'redirecting', provider: link.provider });
        window.location.assign(link.url);
      },
      // The api client has shown the notification; the page keeps the reason in view.
      (error: unknown) => setProgress({ status: 'failed', message: authorizationFailureText(error, plugin) }),
    );
  }, [id, kind, plugin, storeId, texts.noun]);

  useEffect(() => {
    // One consent link per visit, also under StrictMode's double effect run.
    if (requested.current) return;
    requested.current = true;
    connect();
  }, [connect]);

  const backToSettings = () =>
    void navigate(
      id && storeId !== undefined
        ? connectionDetailRoute({ kind, store_id: Number(storeId), channel_id: Number(id) })
        : ROUTE_PATTERNS.channels,
    );

  return (
    <Card style={{ maxWidth: 640, margin: '48px auto' }}>
      {progress.status === 'redirecting' ? (
        <Flex vertical align="center" gap={16} style={{ padding: 32 }} role="status">
          <Spin size="large" />
          <Typography.Text>Redirecting to {progress.provider ?? 'the provider'}…</Typography.Text>
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Alert type="error" showIcon message={progress.message} />
          <Flex gap={8} justify="end" wrap>
            <Button onClick={backToSettings}>Back to {texts.noun} settings</Button>
            <Button type="primary" onClick={connect}>
              Try again
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
