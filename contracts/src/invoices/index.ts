export * from './invoice.status';
export * from './invoice.dto';
export * from './invoice.schemas';
export * from './invoice-totals';
