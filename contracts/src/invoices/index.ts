export * from './invoice.status';
