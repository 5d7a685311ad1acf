export * from './transfer.dto';
export * from './transfer.columns';
export * from './transfer.schemas';
export * from './order-export.columns';
