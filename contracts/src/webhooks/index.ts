export * from './webhook.status';
