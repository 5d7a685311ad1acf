export * from './channel.status';
export * from './catalogue';
export * from './channel.dto';
export * from './custom-status.dto';
export * from './sync-capabilities';
