import { Button, Flex, Layout, Typography, theme } from 'antd';
import { Link, Outlet, useNavigate } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';
import { useSessionStore } from '@syncdesk/web-kit';
import { ColorSchemeToggle } from '../theme/ColorSchemeToggle';
import { ErrorBoundary } from './ErrorBoundary';
import { layoutErrorFallback } from './HostedPageLayout';

/**
 * Spec §2 "integrations": the public landing pages a channel's app store sends people to. A plain
 * header with the product's name and the way in (the app when signed in, else sign in), no
 * navigation: the visitor may have no account yet.
 */
export function IntegrationsLayout() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const signedIn = useSessionStore((state) => state.token !== null);
  return (
    <Layout style={{ minHeight: '100vh' }} data-layout="integrations">
      <Flex
        justify="space-between"
        align="center"
        gap={16}
        style={{ padding: '12px 24px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Link to={ROUTE_PATTERNS.integrations}>
          <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary }}>
            Syncdesk
          </Typography.Title>
        </Link>
        <Flex align="center" gap={12}>
          <ColorSchemeToggle />
          <Button onClick={() => void navigate(signedIn ? ROUTE_PATTERNS.home : ROUTE_PATTERNS.login)}>
            {signedIn ? 'Open Syncdesk' : 'Sign in'}
          </Button>
        </Flex>
      </Flex>
      <div style={{ width: '100%', maxWidth: 1040, margin: '0 auto', padding: '24px 16px 64px' }}>
        <ErrorBoundary fallback={layoutErrorFallback}>
          <Outlet />
        </ErrorBoundary>
      </div>
    </Layout>
  );
}
