export * from './channel.status';
