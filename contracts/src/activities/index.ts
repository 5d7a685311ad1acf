export * from './activity-sentence';
export * from './activity-format';
