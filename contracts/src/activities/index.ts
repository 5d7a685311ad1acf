export * from './activity-sentence';
