import { Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { NAVIGATION_ITEMS, findActiveNavigationItem } from './navigationItems';

export function SideNavigation() {
  const { pathname } = useLocation();
  const active = findActiveNavigationItem(pathname);

  return (
    <nav aria-label="Main navigation">
      <Menu
        mode="inline"
        selectedKeys={active ? [active.key] : []}
        items={NAVIGATION_ITEMS.map((item) => ({
          key: item.key,
          icon: item.icon,
          label: <Link to={item.path}>{item.label}</Link>,
        }))}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
