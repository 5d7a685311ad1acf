import 'antd/dist/reset.css';
import { mountStandaloneRemote } from '@syncdesk/web-kit';
import { routes } from './routes';

// Standalone mode only: inside the shell, the shell's router and theme are used instead.
mountStandaloneRemote({
  name: 'Administration',
  folder: 'mfe-admin',
  routes,
  links: [
    { label: 'Companies', path: '/companies' },
    { label: 'Users', path: '/users' },
    { label: 'Invitations', path: '/invitations' },
    { label: 'Roles', path: '/roles' },
    { label: 'Settings', path: '/settings' },
    { label: 'Notifications', path: '/notifications' },
  ],
});
