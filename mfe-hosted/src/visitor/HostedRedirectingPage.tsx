import { useEffect, useState } from 'react';
import { Flex, Result, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';

import { routes, SUCCESS_MESSAGES } from '@syncdesk/contracts';

import { hostedReturnToken } from './hosted-return';

/**
 * `/hostedPages/redirecting?channel={id}`: where a provider's callback hands a hosted visitor back.
 * The link's token was kept in this tab before leaving for the provider; the page reloads the
 * hosted page at the channel (a full load, so the document carries the link's own policy and look).
 */
export function HostedRedirectingPage() {
  const [query] = useSearchParams();
  const channel = query.get('channel');
  const [lost, setLost] = useState(false);

  useEffect(() => {
    const token = hostedReturnToken();
    if (!token) {
      setLost(true);
      return;
    }
    const target =
      channel && /^\d+$/.test(channel)
        ? routes.hostedPageChannelDetail(token, channel)
        : routes.hostedPage(token);
    window.location.replace(`${target}${channel ? '?connected=1' : ''}`);
  }, [channel]);

  if (lost) {
    return (
      <Result
        status="success"
        title={SUCCESS_MESSAGES.channelConnected}
        subTitle="Open the link you were given again to see your channels."
      />
    );
  }
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 48 }} role="status">
      <Spin size="large" />
      <Typography.Text>Redirecting…</Typography.Text>
    </Flex>
  );
}
