import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { SessionUser } from '@syncdesk/contracts';
import { useSessionStore } from '@syncdesk/web-kit';
import { AppRoutes } from '../../AppRoutes';
import { ThemeProvider } from '../../theme/ThemeProvider';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderShellOptions {
  token?: string | null;
  user?: SessionUser | null;
}

/** The whole shell at `path`, with the session as given (the store is global, as in the page). */
export async function renderShell(path: string, { token = null, user = null }: RenderShellOptions = {}) {
  useSessionStore.setState({ token, user });
  if (token) localStorage.setItem('syncdesk.auth.token', token);
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <MemoryRouter initialEntries={[path]}>
        <ThemeProvider>
          <AppRoutes />
          <LocationProbe />
        </ThemeProvider>
      </MemoryRouter>,
    );
  });
  return view as ReturnType<typeof render>;
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
