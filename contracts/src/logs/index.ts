export * from './log.status';
