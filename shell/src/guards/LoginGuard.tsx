import { Navigate, Outlet, useLocation } from 'react-router';
import { SessionPending } from './SessionPending';
import { loginPathFor } from './redirectTarget';
import { useSessionStatus } from './useSessionStatus';

/** Every page but the guest ones needs a signed-in user (spec §2); the wanted path is remembered. */
export function LoginGuard() {
  const status = useSessionStatus();
  const location = useLocation();

  if (status.kind === 'signed-out') {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (status.kind !== 'signed-in') return <SessionPending status={status} />;
  return <Outlet />;
}
