export * from './confirmation-order.status';
