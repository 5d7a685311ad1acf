export * from './notification.status';
export * from './notification.dto';
export * from './notification.schema';
