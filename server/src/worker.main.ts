import { runFromEnvironment } from './runtime';

// `npm run start:jobs`, the standalone worker: the same process as `main.ts`, only the job runner switched on.
runFromEnvironment({ role: 'worker' });
