import { itShowsPlaceholderPages } from '@syncdesk/web-kit/src/testing/placeholder-pages';
import { routes } from '../routes';

itShowsPlaceholderPages(routes, [
  ['/orders', 'Orders', null, 'No orders yet'],
  ['/orders/7', 'Orders', 'Store 7', 'No orders yet'],
  ['/orders/7/42', 'Order 42', 'Store 7', 'No order items'],
  ['/confirmationOrders', 'Confirmation orders', null, 'No confirmation orders yet'],
  ['/invoices', 'Invoices', null, 'No invoices yet'],
  ['/customers', 'Customers', null, 'No customers yet'],
  ['/rules', 'Rules', null, 'No rules yet'],
  ['/plugins/orders/3', 'Plugin orders', 'Store 3', 'No plugin orders yet'],
]);
