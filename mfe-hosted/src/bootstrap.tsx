import 'antd/dist/reset.css';
import { mountStandaloneRemote } from '@syncdesk/web-kit';
import { routes } from './routes';

// Standalone mode only: inside the shell, the shell's router and theme are used instead.
mountStandaloneRemote({
  name: 'Hosted pages',
  folder: 'mfe-hosted',
  routes,
  links: [
    { label: 'Hosted pages', path: '/hostedPages' },
    { label: 'Hosted Pages Settings', path: '/hostedPagesSettings' },
    { label: 'Integrations', path: '/integrations' },
  ],
});
