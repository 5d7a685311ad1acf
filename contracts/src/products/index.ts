export * from './product.status';
export * from './product.dto';
export * from './stock-rules';
