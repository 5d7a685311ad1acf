import { Avatar, Badge, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { ACCOUNT_MENU, type SessionUser } from '@syncdesk/contracts';
import { signOut } from '@syncdesk/web-kit';
import { canAccess } from './canAccess';
import { useUnreadNotifications } from './useUnreadNotifications';

/** The letter in the avatar (spec §2: the first letter of the user's name). */
export function avatarLetter(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

/**
 * Avatar, name and company, opening the account menu of spec §2. Administrators see a badge while
 * there are new admin notifications (`has_notification`; the session carries no count). The
 * Notifications entry counts the user's own unread notifications.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const badge = user.administrator && user.has_notification;
  const { unread, refresh } = useUnreadNotifications();

  const items: MenuProps['items'] = ACCOUNT_MENU.filter((item) => canAccess(user, item.access)).map(
    (item) => ({
      key: item.key,
      label: item.badge ? (
        <Badge dot={badge} offset={[6, 0]}>
          {item.label}
        </Badge>
      ) : item.key === 'notifications' && unread > 0 ? (
        <Badge count={unread} size="small" offset={[12, 0]} data-testid="unread-notifications">
          {item.label}
        </Badge>
      ) : (
        item.label
      ),
      danger: item.key === 'logout',
    }),
  );

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') {
      void signOut();
      return;
    }
    const path = ACCOUNT_MENU.find((item) => item.key === key)?.path;
    if (path) void navigate(path);
  };

  return (
    <Dropdown
      menu={{ items, onClick }}
      trigger={['click']}
      placement="bottomRight"
      onOpenChange={(open) => open && refresh()}
    >
      <button
        type="button"
        data-testid="top-bar-user"
        aria-label="Account menu"
        style={{ background: 'none', border: 'none', padding: 0, cursor: 'pointer', color: 'inherit' }}
      >
        <Flex align="center" gap={8}>
          <Badge dot={badge}>
            <Avatar style={{ verticalAlign: 'middle' }}>{avatarLetter(user.name)}</Avatar>
          </Badge>
          <Flex vertical align="start" style={{ lineHeight: 1.3, maxWidth: 180 }}>
            <Typography.Text strong ellipsis>
              {user.name}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {user.company}
            </Typography.Text>
          </Flex>
          <DownOutlined style={{ fontSize: 10 }} />
        </Flex>
      </button>
    </Dropdown>
  );
}
