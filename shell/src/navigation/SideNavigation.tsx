import { Button, Flex, Menu, Tooltip, Typography, type MenuProps } from 'antd';
import { BookOutlined, CustomerServiceOutlined, ExportOutlined, LogoutOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { EXTERNAL_NAVIGATION_LINKS, type SessionUser } from '@syncdesk/contracts';
import { signOut } from '@syncdesk/web-kit';
import { helpdeskUrl, USER_GUIDE_URL } from './externalLinks';
import { findActiveNavigationItem, navigationItemsFor } from './navigationItems';

export interface SideNavigationProps {
  user: SessionUser;
  /** The drawer is collapsed to icons: the header then keeps only the logout icon. */
  collapsed?: boolean;
}

const EXTERNAL_ICONS = { userGuide: <BookOutlined />, helpdesk: <CustomerServiceOutlined /> };

function externalHref(key: 'userGuide' | 'helpdesk', user: SessionUser): string | null {
  if (key === 'userGuide') return USER_GUIDE_URL;
  return user.support_hash ? helpdeskUrl(user.support_hash) : null;
}

/** The drawer: who is signed in (with logout), the app's areas, then the external links (spec §2). */
export function SideNavigation({ user, collapsed = false }: SideNavigationProps) {
  const { pathname } = useLocation();
  const items = navigationItemsFor(user);
  const active = findActiveNavigationItem(items, pathname);

  const menuItems: MenuProps['items'] = [
    ...items.map((item) => ({
      key: item.key,
      icon: item.icon,
      disabled: item.disabled,
      // A disabled entry must not be reachable by keyboard or click, so it is plain text.
      label: item.disabled ? item.label : <Link to={item.path}>{item.label}</Link>,
    })),
    { type: 'divider' as const },
    ...EXTERNAL_NAVIGATION_LINKS.map((link) => {
      const href = externalHref(link.key, user);
      return {
        key: link.key,
        icon: EXTERNAL_ICONS[link.key],
        disabled: href === null,
        label: href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {link.label} <ExportOutlined style={{ fontSize: 10 }} />
          </a>
        ) : (
          link.label
        ),
      };
    }),
  ];

  return (
    <nav aria-label="Main navigation" data-testid="side-navigation">
      <Flex
        align="center"
        justify={collapsed ? 'center' : 'space-between'}
        gap={8}
        style={{ padding: collapsed ? '12px 0' : '12px 16px' }}
        data-testid="side-navigation-header"
      >
        {!collapsed && (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {user.name}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {user.company}
            </Typography.Text>
          </Flex>
        )}
        <Tooltip title="Log out">
          <Button type="text" aria-label="Log out" icon={<LogoutOutlined />} onClick={() => void signOut()} />
        </Tooltip>
      </Flex>
      <Menu
        mode="inline"
        selectedKeys={active ? [active.key] : []}
        items={menuItems}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
