import { useMemo } from 'react';
import { Button, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';

import { CHANNEL_CATALOGUE, CHANNEL_CATEGORY, ROUTE_PATTERNS } from '@syncdesk/contracts';
import { useSessionStore } from '@syncdesk/web-kit';

import { ChannelMonogram } from '../visitor/HostedIndexPage';

/** Integrations with a landing page of their own (an app store listing sends its users there). */
const LANDING_PAGES: Readonly<Record<string, string>> = { etsy: ROUTE_PATTERNS.integrationsEtsy };

/**
 * `/integrations` (layout integrations): what Syncdesk connects, by category, for people arriving
 * from a channel's app store. Signed in, they go on to their channels; otherwise to sign in or
 * create an account.
 */
export function IntegrationsPage() {
  const navigate = useNavigate();
  const signedIn = useSessionStore((state) => state.token !== null);
  const groups = useMemo(
    () =>
      CHANNEL_CATEGORY.entries.map((category) => ({
        category,
        entries: CHANNEL_CATALOGUE.filter((entry) => entry.category === category.value && entry.active),
      })),
    [],
  );
  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          Integrations
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Connect your marketplaces, web shops, accounting and warehouse systems to one store, and Syncdesk
          keeps orders, stock, products and invoices in step between them.
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          {signedIn ? (
            <Button type="primary" onClick={() => void navigate(ROUTE_PATTERNS.channels)}>
              Go to your channels
            </Button>
          ) : (
            <>
              <Button type="primary" onClick={() => void navigate(ROUTE_PATTERNS.registerAdmin)}>
                Create an account
              </Button>
              <Button onClick={() => void navigate(ROUTE_PATTERNS.login)}>Sign in</Button>
            </>
          )}
        </Flex>
      </div>
      {groups.map(({ category, entries }) =>
        entries.length === 0 ? null : (
          <Card key={category.value} title={category.label}>
            <Row gutter={[8, 8]}>
              {entries.map((entry) => (
                <Col key={entry.slug} xs={12} sm={8} md={6}>
                  <Flex align="center" gap={8}>
                    <ChannelMonogram type={entry.slug} name={entry.name} size={24} />
                    {LANDING_PAGES[entry.slug] ? (
                      <Button
                        type="link"
                        style={{ padding: 0 }}
                        onClick={() => void navigate(LANDING_PAGES[entry.slug]!)}
                      >
                        {entry.name}
                      </Button>
                    ) : (
                      <Typography.Text>{entry.name}</Typography.Text>
                    )}
                    {entry.kind === 'plugin' ? <Tag>Plugin</Tag> : null}
                  </Flex>
                </Col>
              ))}
            </Row>
          </Card>
        ),
      )}
    </Flex>
  );
}
