import { Alert, Button, Card, Flex, List, Typography } from 'antd';
import { useNavigate } from 'react-router';

import { ROUTE_PATTERNS, routes } from '@syncdesk/contracts';
import { useSessionStore } from '@syncdesk/web-kit';

import { ChannelMonogram } from '../visitor/HostedIndexPage';

const BENEFITS = [
  'Etsy orders arrive with your other channels’ orders, ready to fulfil from one list.',
  'Stock sold anywhere is taken off your Etsy listings, so you never oversell.',
  'Tracking numbers go back to Etsy when you ship.',
];

/**
 * `/integrations/etsy`: where Etsy's app listing sends a seller. Signed in with a store, the Etsy
 * form of their first store is one click away (it connects through Etsy's consent page); signed
 * out, they sign in (coming back here) or create an account first.
 */
export function EtsyIntegrationPage() {
  const navigate = useNavigate();
  const token = useSessionStore((state) => state.token);
  // The user is fetched behind the login guard: on this public page it may not be known yet.
  const user = useSessionStore((state) => state.user);
  const store = user?.stores[0];
  const connect = () => {
    if (!token) {
      void navigate(
        `${ROUTE_PATTERNS.login}?redirect=${encodeURIComponent(ROUTE_PATTERNS.integrationsEtsy)}`,
      );
      return;
    }
    if (!user) void navigate(ROUTE_PATTERNS.channels);
    else void navigate(store ? routes.channelCreate(store.id, 'etsy') : ROUTE_PATTERNS.storeCreate);
  };
  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex align="center" gap={12}>
          <ChannelMonogram type="etsy" name="Etsy" size={48} />
          <Typography.Title level={2} style={{ margin: 0 }}>
            Syncdesk for Etsy
          </Typography.Title>
        </Flex>
        <Typography.Paragraph>
          Connect your Etsy shop to Syncdesk and sell on Etsy beside your other marketplaces and your own web
          shop, from one place.
        </Typography.Paragraph>
        <List size="small" dataSource={BENEFITS} renderItem={(benefit) => <List.Item>{benefit}</List.Item>} />
        {user && !store ? (
          <Alert
            type="info"
            showIcon
            title="Create a store first: your Etsy shop connects to one of your stores."
          />
        ) : null}
        <Flex gap={8} wrap>
          <Button type="primary" onClick={connect}>
            {!token
              ? 'Sign in to connect Etsy'
              : !user
                ? 'Connect Etsy'
                : store
                  ? `Connect Etsy to ${store.name}`
                  : 'Create a store'}
          </Button>
          {token ? null : (
            <Button onClick={() => void navigate(ROUTE_PATTERNS.registerAdmin)}>Create an account</Button>
          )}
          <Button type="link" onClick={() => void navigate(ROUTE_PATTERNS.integrations)}>
            All integrations
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
