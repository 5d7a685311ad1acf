export * from './order.status';
export * from './return.status';
export * from './order.dto';
export * from './order.transitions';
