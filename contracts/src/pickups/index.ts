export * from './pickup.status';
