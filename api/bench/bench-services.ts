import { randomBytes } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import type { Publish } from '@syncdesk/contracts';
import { createLogger } from '../src/logger';
import { createTokenService } from '../src/modules/auth/token.service';
import { createServices, type Services } from '../src/services';

/**
 * The product's services over a benchmark's database, as a process builds them, without a job
 * runner (jobs are not enqueued) or a mail/plan setup: what the api benchmarks measure is the
 * services themselves. `publish` sees the realtime events (dropped when absent).
 */
export function benchServices(sequelize: Sequelize, publish: Publish = () => undefined): Services {
  const secret = randomBytes(32).toString('hex');
  return createServices({
    sequelize,
    publish,
    jobs: { enqueue: async () => undefined, enqueueAt: async () => undefined },
    jobStore: { backend: 'none', worker: () => 'disabled', ping: async () => undefined },
    tokens: createTokenService(secret),
    logger: createLogger('silent'),
    credentialsKey: secret,
    oauth: { stateSecret: secret },
    appUrl: 'http://localhost',
    planManageUrl: 'http://localhost/plan',
  });
}
