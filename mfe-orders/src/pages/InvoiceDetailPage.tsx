export { InvoiceDetailPage } from '../invoices/InvoiceDetailPage';
