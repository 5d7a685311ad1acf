export * from './ip-whitelist.status';
