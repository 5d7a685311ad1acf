import { Route, Routes } from 'react-router';
import { REMOTES, ROUTE_PATTERNS } from '@syncdesk/contracts';
import { AdminGuard } from './guards/AdminGuard';
import { GuestGuard } from './guards/GuestGuard';
import { ADMIN_ONLY_PATHS, PUBLIC_REMOTE_PATHS } from './guards/guestPaths';
import { LoginGuard } from './guards/LoginGuard';
import { AuthLayout } from './layouts/AuthLayout';
import { DefaultLayout } from './layouts/DefaultLayout';
import { EmptyLayout } from './layouts/EmptyLayout';
import { HostedPageErrorLayout } from './layouts/HostedPageErrorLayout';
import { HostedPageLayout } from './layouts/HostedPageLayout';
import { IntegrationsLayout } from './layouts/IntegrationsLayout';
import { AcceptInvitationPage } from './pages/AcceptInvitationPage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PasswordResetPage } from './pages/PasswordResetPage';
import { RegisterPage } from './pages/RegisterPage';
import { RestorePasswordPage } from './pages/RestorePasswordPage';
import { VerifyEmailPage } from './pages/VerifyEmailPage';
import { RemoteArea } from './remote-area/RemoteArea';
import type { RemoteName } from './remotes';
import { SessionRuntime } from './session/SessionRuntime';

function remoteRoute(path: string, remote: RemoteName) {
  return (
    <Route
      key={path}
      path={`${path}/*`}
      // Keyed by remote so moving to another remote's area never reuses this one's state.
      element={<RemoteArea key={remote} remote={remote} />}
    />
  );
}

const REMOTE_PATHS = REMOTES.flatMap((remote) =>
  remote.paths
    .filter((path) => !PUBLIC_REMOTE_PATHS.includes(path))
    .map((path) => ({ path, remote: remote.name })),
);

/**
 * The route table (spec §2). Guest pages use the auth layout; the verification and invitation
 * links work signed in or not. Everything else needs a signed-in user: the shell's dashboard, and
 * each top-level path of contracts' REMOTES, rendered by its remote; the administrator-only areas
 * are behind the admin guard as well. Unknown paths get the 404 in the empty layout.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SessionRuntime />}>
        {/* The guest guard sits outside the card: while a fresh sign-in fetches the user it shows
            a plain spinner on the page, not an empty 'Syncdesk' card. */}
        <Route element={<GuestGuard />}>
          <Route element={<AuthLayout />}>
            <Route path={ROUTE_PATTERNS.login} element={<LoginPage />} />
            <Route path={ROUTE_PATTERNS.loginAdmin} element={<LoginPage administrator />} />
            <Route path={ROUTE_PATTERNS.registerAdmin} element={<RegisterPage />} />
            <Route path={ROUTE_PATTERNS.restore} element={<RestorePasswordPage />} />
            <Route path={ROUTE_PATTERNS.passwordReset} element={<PasswordResetPage />} />
          </Route>
        </Route>
        <Route element={<AuthLayout />}>
          <Route path={ROUTE_PATTERNS.verifyEmail} element={<VerifyEmailPage />} />
          <Route path={ROUTE_PATTERNS.invitationAccept} element={<AcceptInvitationPage />} />
        </Route>

        {/* Where OAuth providers send the browser back: a guest link is finished there by the
            account's owner, who may have no login here, so these two paths need none. */}
        <Route element={<EmptyLayout />}>
          {[ROUTE_PATTERNS.authorization, ROUTE_PATTERNS.authorizationPlugin].map((path) => (
            <Route key={path} path={path} element={<RemoteArea remote="mfe_channels" />} />
          ))}
        </Route>

        {/* Hosted pages (spec §1, §2): reached with a token in the link by someone without an
            account, in the layouts hostedPage and hostedPageError; they outrank the seller's own
            `/hostedPages` below, which needs a login. */}
        <Route element={<HostedPageLayout />}>
          <Route path={`${ROUTE_PATTERNS.hostedPage}/*`} element={<RemoteArea remote="mfe_hosted" />} />
          <Route path={ROUTE_PATTERNS.hostedPagesRedirecting} element={<RemoteArea remote="mfe_hosted" />} />
        </Route>
        <Route element={<HostedPageErrorLayout />}>
          <Route path={ROUTE_PATTERNS.hostedPagesError} element={<RemoteArea remote="mfe_hosted" />} />
        </Route>
        {/* Landing pages a channel's app store sends people to (layout integrations), signed in or not. */}
        <Route element={<IntegrationsLayout />}>
          {PUBLIC_REMOTE_PATHS.map((path) => (
            <Route key={path} path={`${path}/*`} element={<RemoteArea remote="mfe_hosted" />} />
          ))}
        </Route>

        <Route element={<LoginGuard />}>
          <Route element={<DefaultLayout />}>
            <Route index element={<DashboardPage />} />
            {REMOTE_PATHS.filter(({ path }) => !ADMIN_ONLY_PATHS.includes(path)).map(({ path, remote }) =>
              remoteRoute(path, remote),
            )}
            <Route element={<AdminGuard />}>
              {REMOTE_PATHS.filter(({ path }) => ADMIN_ONLY_PATHS.includes(path)).map(({ path, remote }) =>
                remoteRoute(path, remote),
              )}
            </Route>
          </Route>
        </Route>

        <Route element={<EmptyLayout />}>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
