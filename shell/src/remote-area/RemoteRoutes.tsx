import { use } from 'react';
import { matchRoutes, renderMatches, useLocation } from 'react-router';
import { loadRemoteRoutes, type RemoteName } from '../remotes';
import { NotFoundPage } from '../pages/NotFoundPage';

/**
 * Renders the remote's own route objects. They carry absolute paths (`/orders/:storeId`) so the
 * same list works standalone and here; `useRoutes` below the shell's `/orders/*` route would match
 * them against the rest of the path (`/1`) instead, so they are matched against the whole location
 * with `matchRoutes` and rendered with `renderMatches` (what `useRoutes` does at the root).
 */
export function RemoteRoutes({ remote }: { remote: RemoteName }) {
  // Suspends until the remote's manifest, entry and `./routes` chunk have loaded; throws (to the
  // area's error boundary) if any of them failed.
  const routes = use(loadRemoteRoutes(remote));
  const location = useLocation();
  const matches = matchRoutes(routes, location);
  return matches ? renderMatches(matches) : <NotFoundPage />;
}
