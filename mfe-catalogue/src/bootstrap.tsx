import 'antd/dist/reset.css';
import { mountStandaloneRemote } from '@syncdesk/web-kit';
import { routes } from './routes';

// Standalone mode only: inside the shell, the shell's router and theme are used instead.
mountStandaloneRemote({
  name: 'Catalogue',
  folder: 'mfe-catalogue',
  routes,
  links: [{ label: 'Products', path: '/products' }],
});
