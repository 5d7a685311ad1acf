import { Typography } from 'antd';
import { Outlet } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage, ERROR_PAGE_FALLBACK_TEXT } from '../pages/ErrorPage';

/** What a layout shows when rendering under it failed (the error page, or its own fallback text). */
export function layoutErrorFallback() {
  return (
    <ErrorBoundary fallback={() => <Typography.Text>{ERROR_PAGE_FALLBACK_TEXT}</Typography.Text>}>
      <ErrorPage />
    </ErrorBoundary>
  );
}

/**
 * Spec §2 "hostedPage": a hosted page's visitor has no account here, so there is no navigation, no
 * top bar and no session; the page fills the window and draws the seller's look itself (the
 * hosted remote's frame: logo, colours, dark-mode toggle).
 */
export function HostedPageLayout() {
  return (
    <div style={{ minHeight: '100vh' }} data-layout="hostedPage">
      <ErrorBoundary fallback={layoutErrorFallback}>
        <Outlet />
      </ErrorBoundary>
    </div>
  );
}
