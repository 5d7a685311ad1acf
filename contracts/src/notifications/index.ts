export * from './notification.status';
export * from './notification.dto';
