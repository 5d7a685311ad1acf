import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { NOT_FOUND_MESSAGES } from '@syncdesk/contracts';
import { useDocumentTitle } from './useDocumentTitle';

/** Spec §8: a missing page shows 404 'This page could not be found'. */
export const NOT_FOUND_TEXT = NOT_FOUND_MESSAGES.pageNotFound;

export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_MESSAGES.notFoundTitle);
  return (
    <Result
      status="404"
      title="404"
      subTitle={NOT_FOUND_TEXT}
      extra={
        <Link to="/">
          <Button type="primary">{NOT_FOUND_MESSAGES.homeLink}</Button>
        </Link>
      }
    />
  );
}
