import 'antd/dist/reset.css';
import { mountStandaloneRemote } from '@syncdesk/web-kit';
import { routes } from './routes';

// Standalone mode only: inside the shell, the shell's router and theme are used instead.
mountStandaloneRemote({
  name: 'Channels',
  folder: 'mfe-channels',
  routes,
  links: [
    { label: 'Stores', path: '/stores' },
    { label: 'Channels', path: '/channels' },
    { label: 'Transaction records', path: '/transactionRecords' },
  ],
});
