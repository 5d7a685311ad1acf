import { Flex, Layout, Typography } from 'antd';
import { Outlet } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage, ERROR_PAGE_FALLBACK_TEXT } from '../pages/ErrorPage';

/** Spec §2 "empty": nothing but the page (404 and error pages), so it works signed in or not. */
export function EmptyLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Flex justify="center" align="center" style={{ flex: 1, padding: 24 }}>
        <ErrorBoundary
          fallback={() => (
            <ErrorBoundary fallback={() => <Typography.Text>{ERROR_PAGE_FALLBACK_TEXT}</Typography.Text>}>
              <ErrorPage />
            </ErrorBoundary>
          )}
        >
          <Outlet />
        </ErrorBoundary>
      </Flex>
    </Layout>
  );
}
