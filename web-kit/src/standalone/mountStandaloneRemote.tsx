import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, type RouteObject } from 'react-router';
import { App, ConfigProvider, theme } from 'antd';
import { STORAGE_KEYS } from '@syncdesk/contracts';
import { StandaloneApp, type StandaloneLink } from './StandaloneApp';

export interface StandaloneRemoteOptions {
  /** Shown in the header (`Syncdesk · Orders`). */
  name: string;
  /** The workspace folder, which is also the prefix the api serves the build under (`mfe-orders`). */
  folder: string;
  routes: RouteObject[];
  links: readonly StandaloneLink[];
}

/**
 * Mounts a remote on its own page (its dev server, or its dist served alone), for developing it
 * without the shell. Inside the shell only `./routes` is used, with the shell's router and theme.
 */
export function mountStandaloneRemote({ name, folder, routes, links }: StandaloneRemoteOptions): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // The api serves the build under /<folder>/; any other server (or the dev server) at the root.
  const prefix = `/${folder}`;
  const basename = window.location.pathname.startsWith(`${prefix}/`) ? prefix : undefined;
  // Follows the shell's stored light/dark choice when both run on the same origin.
  const isDark = localStorage.getItem(STORAGE_KEYS.colourScheme) === 'dark';

  createRoot(container).render(
    <StrictMode>
      <BrowserRouter basename={basename}>
        <ConfigProvider theme={{ algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm }}>
          <App>
            <StandaloneApp name={name} routes={routes} links={links} />
          </App>
        </ConfigProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
