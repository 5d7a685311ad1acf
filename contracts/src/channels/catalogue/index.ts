export * from './channel-catalogue';
export * from './channel-mark';
export * from './settings-fields';
export * from './settings-validation';
