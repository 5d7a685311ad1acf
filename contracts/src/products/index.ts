export * from './product.status';
export * from './product.dto';
export * from './stock-rules';
export * from './channel-product.schemas';
export * from './kit-rules';
export * from './product.schemas';
