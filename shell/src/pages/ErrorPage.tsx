import { Result, Typography } from 'antd';

export interface ErrorPageProps {
  /** HTTP-like status of what went wrong; 404 gets its own title (spec §2, route guards). */
  status?: number;
}

/**
 * The page shown when rendering failed outside a remote area. A plain anchor, not a router Link,
 * leads home: the router itself may be what broke, and a full load starts from a clean state.
 */
export function ErrorPage({ status }: ErrorPageProps) {
  return (
    <Result
      status={status === 404 ? '404' : '500'}
      title={status === 404 ? '404 Not Found' : 'An error occurred'}
      extra={<Typography.Link href="/">Home page</Typography.Link>}
    />
  );
}

/** Spec: the text shown when even the error page cannot be shown. */
export const ERROR_PAGE_FALLBACK_TEXT = 'An error occurred while showing the error page.';
