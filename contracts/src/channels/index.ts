export * from './channel.status';
export * from './catalogue';
