import { useState } from 'react';
import { Layout, Typography, theme } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { SHELL_HEADER_HEIGHT, useCurrentStoreFromLocation, useSessionUser } from '@syncdesk/web-kit';
import { SideNavigation } from '../navigation/SideNavigation';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage, ERROR_PAGE_FALLBACK_TEXT } from '../pages/ErrorPage';
import { AccountBanner } from './AccountBanner';
import { NotificationSnackbar } from './NotificationSnackbar';
import { SystemAlertBanner } from './SystemAlertBanner';
import { TopBar } from './TopBar';

const SIDER_WIDTH = 232;
// One number with the lists' sticky headers, which sit just below this bar.
const HEADER_HEIGHT = SHELL_HEADER_HEIGHT;

/**
 * The signed-in page (spec §2 "default"): system alert banner, top bar, side navigation, the
 * account banner and the routed content. Rendered inside the login guard, so the user is there.
 */
export function DefaultLayout() {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();
  const user = useSessionUser();
  // A link naming a store makes it the current one, whichever remote shows it.
  useCurrentStoreFromLocation();
  if (!user) return null;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SystemAlertBanner />
      <NotificationSnackbar />
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          height: HEADER_HEIGHT,
          lineHeight: 'normal',
          paddingInline: 20,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <TopBar user={user} />
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
          theme="light"
          // Below the top bar and as tall as the rest of the window, scrolling on its own.
          style={{
            position: 'sticky',
            top: HEADER_HEIGHT,
            alignSelf: 'flex-start',
            height: `calc(100vh - ${HEADER_HEIGHT}px)`,
            overflow: 'auto',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <SideNavigation user={user} collapsed={collapsed} />
        </Layout.Sider>
        {/* A column whose card takes the rest of the height (`flex`, not `min-height: 100%`): a
            percentage height counted the banner twice, the page grew taller than the layout, and at
            the bottom of a long page the sticky header and drawer were pushed up out of place. */}
        <Layout.Content style={{ padding: 24, display: 'flex', flexDirection: 'column' }}>
          <AccountBanner user={user} />
          <div
            style={{
              flex: 'auto',
              marginTop: 16,
              padding: 24,
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
            }}
          >
            {/* Anything outside a remote area that throws lands here, with the layout still usable. */}
            <ErrorBoundary
              resetKey={pathname}
              fallback={() => (
                <ErrorBoundary fallback={() => <Typography.Text>{ERROR_PAGE_FALLBACK_TEXT}</Typography.Text>}>
                  <ErrorPage />
                </ErrorBoundary>
              )}
            >
              <Outlet />
            </ErrorBoundary>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
