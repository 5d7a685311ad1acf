import { itShowsPlaceholderPages } from '@syncdesk/web-kit/src/testing/placeholder-pages';
import { routes } from '../routes';

itShowsPlaceholderPages(routes, [
  ['/companies', 'Companies', null, 'No companies yet'],
  ['/users', 'Users', null, 'No users yet'],
  ['/roles', 'Roles', null, 'No roles yet'],
  ['/settings', 'Settings', 'IP whitelist', 'No IP addresses listed'],
  ['/notifications', 'Notifications', null, 'No notifications'],
]);
