import { useState } from 'react';
import { Button, Card, Flex, Input, Typography } from 'antd';

import type { HostedPageStyles } from '@syncdesk/contracts';

import { HostedLook } from '../look/HostedLook';
import { ChannelMonogram } from '../visitor/HostedIndexPage';

const SAMPLE_CHANNELS = [
  { slug: 'shopify', name: 'Shopify' },
  { slug: 'etsy', name: 'Etsy' },
  { slug: 'ebay', name: 'eBay' },
];

/**
 * The settings screen's live preview: a hosted page's index in the look being edited, drawn by the
 * same frame the visitor's pages use (custom stylesheets aside: they would restyle this screen).
 */
export function HostedPagePreview({ styles, logoUrl }: { styles: HostedPageStyles; logoUrl: string | null }) {
  const [dark, setDark] = useState(styles.isDarkMode);
  const [previousDefault, setPreviousDefault] = useState(styles.isDarkMode);
  // The preview follows the "open in dark mode" switch; its own toggle tries the other mode.
  if (previousDefault !== styles.isDarkMode) {
    setPreviousDefault(styles.isDarkMode);
    setDark(styles.isDarkMode);
  }
  return (
    <div aria-label="Preview" role="region">
      <HostedLook
        styles={styles}
        logoUrl={logoUrl}
        dark={dark}
        onDarkChange={setDark}
        index
        fullPage={false}
        heading={<Typography.Text type="secondary">Connecting to Your store · Your company</Typography.Text>}
      >
        <Card title="Connect a channel" size="small">
          <Flex vertical gap={12}>
            {styles.displaySearch ? (
              <Input placeholder="Search channels" aria-label="Preview search" readOnly />
            ) : null}
            <Flex gap={8} wrap>
              {SAMPLE_CHANNELS.map((channel) => (
                <Button key={channel.slug} style={{ height: 'auto', padding: 10, display: 'flex', gap: 8 }}>
                  <ChannelMonogram type={channel.slug} name={channel.name} size={24} />
                  {channel.name}
                </Button>
              ))}
            </Flex>
            <Flex>
              <Button type="primary">Create channel</Button>
            </Flex>
          </Flex>
        </Card>
      </HostedLook>
    </div>
  );
}
