export * from './webhook.status';
export * from './webhook.dto';
