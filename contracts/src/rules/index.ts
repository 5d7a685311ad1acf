export * from './rule.status';
