import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setApiErrorHandler, setSessionNavigator, useSessionSync } from '@syncdesk/web-kit';
import { NavigationProgress } from '../navigation/NavigationProgress';
import { createApiErrorHandler } from './apiErrorHandler';

/**
 * The root of the route tree: gives web-kit's session actions and the shared api client this
 * router (to go to `/` or `/login`), keeps the session in step with other tabs and devices, and
 * draws the navigation progress bar above every layout.
 */
export function SessionRuntime() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    // Deferred a task: ending a session re-renders the login guard, which redirects to
    // `/login?redirect=…` at once; the session's own destination (`/login` after a logout, `/`
    // after a switch) must come after that redirect, not be overtaken by it.
    const go = (path: string) => {
      setTimeout(() => void navigate(path, { replace: path === '/login' }), 0);
    };
    const restoreNavigator = setSessionNavigator(go);
    const restoreHandler = setApiErrorHandler(
      createApiErrorHandler({ navigate: go, currentPath: () => pathnameRef.current }),
    );
    return () => {
      restoreHandler();
      restoreNavigator();
    };
  }, [navigate]);

  useSessionSync();

  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
