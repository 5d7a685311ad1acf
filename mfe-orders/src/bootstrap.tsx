import 'antd/dist/reset.css';
import { mountStandaloneRemote } from '@syncdesk/web-kit';
import { routes } from './routes';

// Standalone mode only: inside the shell, the shell's router and theme are used instead.
mountStandaloneRemote({
  name: 'Orders',
  folder: 'mfe-orders',
  routes,
  links: [
    { label: 'Orders', path: '/orders' },
    { label: 'Confirmation orders', path: '/confirmationOrders' },
    { label: 'Invoices', path: '/invoices' },
    { label: 'Customers', path: '/customers' },
    { label: 'Rules', path: '/rules' },
  ],
});
