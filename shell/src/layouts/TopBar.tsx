import { Flex, Typography, theme } from 'antd';
import type { SessionUser } from '@syncdesk/contracts';
import { AccountMenu } from '../navigation/AccountMenu';
import { CompanySwitcher } from '../navigation/CompanySwitcher';
import { ColorSchemeToggle } from '../theme/ColorSchemeToggle';
import { RealtimeStatusDot } from './RealtimeStatusDot';

/** Product name on the left; live-updates dot, colour scheme, company switcher and account menu on the right. */
export function TopBar({ user }: { user: SessionUser }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" justify="space-between" style={{ height: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary }}>
        Syncdesk
      </Typography.Title>
      <Flex align="center" gap={16}>
        <RealtimeStatusDot />
        <ColorSchemeToggle />
        <CompanySwitcher user={user} />
        <AccountMenu user={user} />
      </Flex>
    </Flex>
  );
}
