import { useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, verifyEmailSchema } from '@syncdesk/contracts';
import { guestApi } from '../session/guestApi';
import { useDocumentTitle } from './useDocumentTitle';

type Outcome = 'verifying' | 'verified' | 'failed';

/** The e-mailed verification link (`/auth/verify-email/{id?}/{token}`): verifies on arrival. */
export function VerifyEmailPage() {
  useDocumentTitle('E-mail verification');
  const { id, token } = useParams();
  const [outcome, setOutcome] = useState<Outcome>('verifying');

  useEffect(() => {
    const parsed = verifyEmailSchema.safeParse({ id, token });
    if (!parsed.success) {
      setOutcome('failed');
      return;
    }
    let current = true;
    guestApi.verifyEmail(parsed.data).then(
      () => current && setOutcome('verified'),
      () => current && setOutcome('failed'),
    );
    return () => {
      current = false;
    };
  }, [id, token]);

  if (outcome === 'verifying')
    return <Spin aria-label="Verifying" style={{ display: 'block', margin: 32 }} />;
  return (
    <Result
      status={outcome === 'verified' ? 'success' : 'error'}
      title={outcome === 'verified' ? SUCCESS_MESSAGES.emailVerified : ERROR_MESSAGES.emailNotVerified}
      extra={<Link to="/">Continue</Link>}
    />
  );
}
