export * from './product.status';
