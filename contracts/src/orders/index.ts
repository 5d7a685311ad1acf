export * from './order.status';
export * from './return.status';
