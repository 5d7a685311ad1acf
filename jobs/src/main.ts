import { runFromEnvironment } from '@syncdesk/api';

// The standalone worker: same code as the api's process, with only the job runner switched on.
runFromEnvironment({ role: 'worker' });
