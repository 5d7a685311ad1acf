export * from './confirmation-order.status';
export * from './acknowledgement-rules';
export * from './confirmation-order.dto';
export * from './confirmation-order.schemas';
