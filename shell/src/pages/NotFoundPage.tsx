import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** Spec §8: a missing page shows 404 'This page could not be found'. */
export const NOT_FOUND_TEXT = 'This page could not be found';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle={NOT_FOUND_TEXT}
      extra={
        <Link to="/">
          <Button type="primary">Home page</Button>
        </Link>
      }
    />
  );
}
