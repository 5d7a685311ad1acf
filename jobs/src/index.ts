export * from './job-store';
export * from './register-jobs';
export * from './definitions';
export * from './sync/sync-runtime';
