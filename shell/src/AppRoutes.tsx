import { Route, Routes } from 'react-router';
import { REMOTES } from '@syncdesk/contracts';
import { AppLayout } from './layouts/AppLayout';
import { DashboardPage } from './pages/DashboardPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RemoteArea } from './remote-area/RemoteArea';

/**
 * The shell owns `/` and the 404; every other top-level path belongs to the remote that lists it
 * in contracts' REMOTES, which renders everything below it.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<DashboardPage />} />
        {REMOTES.flatMap((remote) =>
          remote.paths.map((path) => (
            <Route
              key={path}
              path={`${path}/*`}
              // Keyed by remote so moving to another remote's area never reuses this one's state.
              element={<RemoteArea key={remote.name} remote={remote.name} />}
            />
          )),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
