export * from './channel-catalogue';
export * from './settings-fields';
export * from './settings-validation';
