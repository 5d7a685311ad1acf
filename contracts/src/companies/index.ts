export * from './company.status';
