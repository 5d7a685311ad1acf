import { Result, Typography } from 'antd';
import { NOT_FOUND_MESSAGES } from '@syncdesk/contracts';

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
      title={status === 404 ? NOT_FOUND_MESSAGES.notFoundTitle : NOT_FOUND_MESSAGES.errorTitle}
      extra={<Typography.Link href="/">{NOT_FOUND_MESSAGES.homeLink}</Typography.Link>}
    />
  );
}

/** Spec: the text shown when even the error page cannot be shown. */
export const ERROR_PAGE_FALLBACK_TEXT = NOT_FOUND_MESSAGES.fallback;
