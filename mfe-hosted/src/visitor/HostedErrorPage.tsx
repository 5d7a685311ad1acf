import { Result } from 'antd';

import { TOKEN_EXPIRED } from '@syncdesk/contracts';

/**
 * `/hostedPages/error` (layout hostedPageError): where a hosted page goes when its token no longer
 * opens anything — expired, revoked or never valid (spec §8: 'Token expired').
 */
export function HostedErrorPage() {
  return (
    <Result
      status="warning"
      title={TOKEN_EXPIRED}
      subTitle="This link no longer works. Ask the person who sent it to you for a new one."
    />
  );
}
