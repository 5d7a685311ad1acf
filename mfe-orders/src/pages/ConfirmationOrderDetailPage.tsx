export { ConfirmationOrderDetailPage } from '../confirmation-orders/ConfirmationOrderDetailPage';
