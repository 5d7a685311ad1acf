import { Card, Flex, Layout, Typography, theme } from 'antd';
import { Outlet } from 'react-router';
import { ColorSchemeToggle } from '../theme/ColorSchemeToggle';

/**
 * Guest pages (spec §2 "auth"): one centred card on the layout background. It sits inside the
 * same ThemeProvider as the app, so it follows the stored colour scheme, and offers the toggle.
 */
export function AuthLayout() {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Flex justify="end" style={{ padding: 16 }}>
        <ColorSchemeToggle />
      </Flex>
      <Flex justify="center" align="start" style={{ flex: 1, padding: '24px 16px 64px' }}>
        <Card style={{ width: '100%', maxWidth: 440 }}>
          <Typography.Title
            level={3}
            style={{ marginTop: 0, color: token.colorPrimary, textAlign: 'center' }}
          >
            Syncdesk
          </Typography.Title>
          <Outlet />
        </Card>
      </Flex>
    </Layout>
  );
}
