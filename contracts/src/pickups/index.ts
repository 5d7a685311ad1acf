export * from './pickup.status';
export * from './pickup.dto';
