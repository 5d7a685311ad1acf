import { itShowsPlaceholderPages } from '@syncdesk/web-kit/src/testing/placeholder-pages';
import { routes } from '../routes';

itShowsPlaceholderPages(routes, [
  ['/stores', 'Stores', null, 'No stores yet'],
  ['/channels', 'Channels', null, 'No channels connected yet'],
  ['/transactionRecords', 'Transaction records', null, 'No transaction records yet'],
]);
