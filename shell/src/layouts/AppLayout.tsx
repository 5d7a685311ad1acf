import { useState } from 'react';
import { Flex, Layout, Typography, theme } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { SideNavigation } from '../navigation/SideNavigation';
import { ColorSchemeToggle } from '../theme/ColorSchemeToggle';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage, ERROR_PAGE_FALLBACK_TEXT } from '../pages/ErrorPage';
import { RealtimeStatusDot } from './RealtimeStatusDot';
import { SystemAnnouncements } from './SystemAnnouncements';

const SIDER_WIDTH = 232;
const HEADER_HEIGHT = 56;

/** The signed-in page: side navigation, top bar, and the routed content. */
export function AppLayout() {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SystemAnnouncements />
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          paddingInline: 20,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary }}>
            Syncdesk
          </Typography.Title>
          <Flex align="center" gap={16}>
            <RealtimeStatusDot />
            <ColorSchemeToggle />
          </Flex>
        </Flex>
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
          <SideNavigation />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <div
            style={{
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
