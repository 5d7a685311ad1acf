export * from './order.status';
export * from './return.status';
export * from './order.dto';
export * from './order-list.dto';
export * from './order.transitions';
export * from './order-actions.schemas';
export * from './fulfilment.dto';
export * from './plugin-order.dto';
