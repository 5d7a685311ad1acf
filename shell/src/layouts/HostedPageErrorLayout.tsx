import { Flex, Layout } from 'antd';
import { Outlet } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { layoutErrorFallback } from './HostedPageLayout';

/**
 * Spec §2 "hostedPageError": where a hosted page whose token no longer works ends ('Token
 * expired'): the message alone, centred, in no one's look (the seller's is not known any more).
 */
export function HostedPageErrorLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }} data-layout="hostedPageError">
      <Flex justify="center" align="center" style={{ flex: 1, padding: 24 }}>
        <ErrorBoundary fallback={layoutErrorFallback}>
          <Outlet />
        </ErrorBoundary>
      </Flex>
    </Layout>
  );
}
