// `/orders/:storeId/:orderId`: the page lives with the rest of the orders screens.
export { OrderDetailPage } from '../orders/OrderDetailPage';
