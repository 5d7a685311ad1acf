export { CustomerDetailPage } from '../customers/CustomerDetailPage';
