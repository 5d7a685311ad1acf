export * from './job-store';
export * from './register-jobs';
export * from './definitions';
