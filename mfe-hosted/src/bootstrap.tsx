import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, ConfigProvider, theme } from 'antd';
import 'antd/dist/reset.css';
import { routes } from './routes';
import { StandaloneApp, type StandaloneLink } from '@syncdesk/web-kit';

const LINKS: readonly StandaloneLink[] = [{ label: 'Hosted pages', path: '/hostedPages' }];

// Standalone mode only: inside the shell, the shell's router and theme are used instead.
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The api serves this build under /mfe-hosted/; any other server (or the dev server) at the root.
const basename = window.location.pathname.startsWith('/mfe-hosted/') ? '/mfe-hosted' : undefined;

// Follows the shell's stored light/dark choice when both run on the same origin.
const isDark = localStorage.getItem('syncdesk.colorScheme') === 'dark';

createRoot(container).render(
  <StrictMode>
    <BrowserRouter basename={basename}>
      <ConfigProvider theme={{ algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm }}>
        <App>
          <StandaloneApp name="Hosted pages" routes={routes} links={LINKS} />
        </App>
      </ConfigProvider>
    </BrowserRouter>
  </StrictMode>,
);
