import { Navigate, Outlet, useLocation } from 'react-router';
import { SessionPending } from './SessionPending';
import { redirectTargetFrom } from './redirectTarget';
import { useSessionStatus } from './useSessionStatus';

/**
 * Guest pages (login, register, password reset request) send a signed-in user away (spec §2): to
 * `/`, or to the remembered path when it is safe, which is also where the sign-in form goes, so the
 * guard and the form never disagree about the destination.
 */
export function GuestGuard() {
  const status = useSessionStatus();
  const { search } = useLocation();

  if (status.kind === 'signed-in') return <Navigate to={redirectTargetFrom(search)} replace />;
  if (status.kind === 'loading') return <SessionPending status={status} />;
  // Signed out, or a stored token whose user cannot be fetched: the guest page stays usable.
  return <Outlet />;
}
