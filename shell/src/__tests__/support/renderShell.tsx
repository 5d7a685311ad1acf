import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import type { SessionUser } from '@syncdesk/contracts';
import { useSessionStore } from '@syncdesk/web-kit';
import { AppRoutes } from '../../AppRoutes';
import { ThemeProvider } from '../../theme/ThemeProvider';

let navigateInPage: NavigateFunction | null = null;

/** Shows the location for assertions and lends the test the router, as a link click would use it. */
function RouterProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigateInPage = navigate;
  }, [navigate]);
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderShellOptions {
  token?: string | null;
  user?: SessionUser | null;
}

/**
 * antd as the tests want it, merged into the shell's own theme: no motion (open and close
 * animations only add waiting in jsdom, which a busy machine turned into time-outs) and no runtime
 * styles. jsdom lays nothing out, yet it matches every injected CSS rule against the page each
 * time Testing Library asks for an element's computed style (role and name queries do, for every
 * candidate); antd's styles made that most of a test's time. Nothing asserted here reads a style.
 */
export const TEST_THEME: ThemeConfig = { zeroRuntime: true, token: { motion: false } };

/** The whole shell at `path`, with the session as given (the store is global, as in the page). */
export async function renderShell(path: string, { token = null, user = null }: RenderShellOptions = {}) {
  useSessionStore.setState({ token, user });
  if (token) localStorage.setItem('syncdesk.auth.token', token);
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <ConfigProvider theme={TEST_THEME}>
        <MemoryRouter initialEntries={[path]}>
          <ThemeProvider>
            <AppRoutes />
            <RouterProbe />
          </ThemeProvider>
        </MemoryRouter>
      </ConfigProvider>,
    );
  });
  return view as ReturnType<typeof render>;
}

/**
 * Moves the rendered shell to `path` the way an in-app link does (no new render, the layout stays
 * mounted), so one render can visit several pages.
 */
export async function navigateTo(path: string): Promise<void> {
  const navigate = navigateInPage;
  if (!navigate) throw new Error('renderShell first');
  await act(async () => {
    await navigate(path);
  });
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
