import { Navigate, Outlet } from 'react-router';
import { useSessionUser } from '@syncdesk/web-kit';

/** Administrator-only pages; everyone else goes to `/` (spec §2). Sits inside the login guard. */
export function AdminGuard() {
  const user = useSessionUser();
  if (!user?.administrator) return <Navigate to="/" replace />;
  return <Outlet />;
}
