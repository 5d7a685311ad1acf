export { InvoiceCreatePage } from '../invoices/InvoiceCreatePage';
