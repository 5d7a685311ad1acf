import type { RouteObject } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';
import { ConfirmationOrderDetailPage } from './pages/ConfirmationOrderDetailPage';
import { ConfirmationOrderListPage } from './pages/ConfirmationOrderListPage';
import { CustomerDetailPage } from './pages/CustomerDetailPage';
import { CustomerListPage } from './pages/CustomerListPage';
import { InvoiceCreatePage } from './pages/InvoiceCreatePage';
import { InvoiceDetailPage } from './pages/InvoiceDetailPage';
import { InvoiceListPage } from './pages/InvoiceListPage';
import { OrderDetailPage } from './pages/OrderDetailPage';
import { OrderListPage } from './pages/OrderListPage';
import { PluginOrderListPage } from './pages/PluginOrderListPage';
import { RuleEditorPage } from './pages/RuleEditorPage';
import { RuleListPage } from './pages/RuleListPage';

/**
 * The pages this remote offers, with absolute paths: the shell mounts them under the top-level
 * paths contracts' REMOTES gives mfe_orders, and standalone mode mounts them at the root.
 */
export const routes: RouteObject[] = [
  { path: ROUTE_PATTERNS.orders, element: <OrderListPage /> },
  { path: ROUTE_PATTERNS.orderList, element: <OrderListPage /> },
  { path: ROUTE_PATTERNS.orderDetail, element: <OrderDetailPage /> },
  { path: ROUTE_PATTERNS.pluginOrderList, element: <PluginOrderListPage /> },
  { path: ROUTE_PATTERNS.confirmationOrders, element: <ConfirmationOrderListPage /> },
  { path: ROUTE_PATTERNS.confirmationOrderList, element: <ConfirmationOrderListPage /> },
  { path: ROUTE_PATTERNS.confirmationOrderDetail, element: <ConfirmationOrderDetailPage /> },
  { path: ROUTE_PATTERNS.invoices, element: <InvoiceListPage /> },
  { path: ROUTE_PATTERNS.invoiceList, element: <InvoiceListPage /> },
  { path: ROUTE_PATTERNS.invoiceCreate, element: <InvoiceCreatePage /> },
  { path: ROUTE_PATTERNS.invoiceDetail, element: <InvoiceDetailPage /> },
  { path: ROUTE_PATTERNS.customers, element: <CustomerListPage /> },
  { path: ROUTE_PATTERNS.customerList, element: <CustomerListPage /> },
  { path: ROUTE_PATTERNS.customerDetail, element: <CustomerDetailPage /> },
  { path: ROUTE_PATTERNS.rules, element: <RuleListPage /> },
  // The static path first: `/rules/create` is not a rule id.
  { path: ROUTE_PATTERNS.ruleCreate, element: <RuleEditorPage /> },
  { path: ROUTE_PATTERNS.ruleDetail, element: <RuleEditorPage /> },
];

// Module Federation hands the shell this module; the shell reads `default` (or `routes`).
export default routes;
