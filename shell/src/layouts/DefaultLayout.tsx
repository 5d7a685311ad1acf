import { useState } from 'react';
import { Layout, Typography, theme } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useSessionUser } from '@syncdesk/web-kit';
import { SideNavigation } from '../navigation/SideNavigation';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage, ERROR_PAGE_FALLBACK_TEXT } from '../pages/ErrorPage';
import { AccountBanner } from './AccountBanner';
import { SystemAlertBanner } from './SystemAlertBanner';
import { TopBar } from './TopBar';

const SIDER_WIDTH = 232;
const HEADER_HEIGHT = 56;

/**
 * The signed-in page (spec §2 "default"): system alert banner, top bar, side navigation, the
 * account banner and the routed content. Rendered inside the login guard, so the user is there.
 */
export function DefaultLayout() {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();
  const user = useSessionUser();
  if (!user) return null;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SystemAlertBanner />
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
          style={{
            position: 'sticky',
            top: HEADER_HEIGHT,
            height: `calc(100vh - ${HEADER_HEIGHT}px)`,
            overflow: 'auto',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <SideNavigation user={user} collapsed={collapsed} />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <AccountBanner user={user} />
          <div
            style={{
              marginTop: 16,
              padding: 24,
              minHeight: '100%',
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
