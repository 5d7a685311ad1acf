// `/orders` and `/orders/:storeId`: the page lives with the rest of the orders screens.
export { OrderListPage } from '../orders/OrderListPage';
