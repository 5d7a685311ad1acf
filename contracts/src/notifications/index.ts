export * from './notification.status';
