import { itShowsPlaceholderPages } from '@syncdesk/web-kit/src/testing/placeholder-pages';
import { routes } from '../routes';

itShowsPlaceholderPages(routes, [
  ['/products', 'Products', null, 'No products yet'],
  ['/products/4', 'Products', 'Store 4', 'No products yet'],
]);
