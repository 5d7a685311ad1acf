export * from './setting.status';
