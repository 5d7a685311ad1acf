/**
 * A worker process for the multi-process budget test: takes budget for one key `CALLS` times (all
 * at once, as a backlog would) and calls `TARGET_URL` after each take. Run with tsx.
 */
import os from 'node:os';
import { createSequelize } from '@syncdesk/api';
import { SharedRateBudget } from '@syncdesk/integrations';

async function main(): Promise<void> {
  const environment = process.env;
  const sequelize = await createSequelize({ url: environment.DATABASE_URL!, dataDir: os.tmpdir() });
  const budget = new SharedRateBudget({
    store: { kind: 'sql', sequelize },
    keyPrefix: environment.KEY_PREFIX,
  });
  const key = {
    connectionId: 1,
    operation: 'update_stock',
    limit: { calls: Number(environment.LIMIT_CALLS), periodSeconds: Number(environment.LIMIT_PERIOD_S) },
  };
  // A process's first request loads the HTTP client (slow on a busy machine): made before any
  // budget is taken, so a delay that belongs to starting up is not counted against the budget.
  await fetch(new URL('/warm-up', environment.TARGET_URL!));
  await Promise.all(
    Array.from({ length: Number(environment.CALLS) }, async () => {
      await budget.take(key);
      const response = await fetch(environment.TARGET_URL!, { method: 'POST' });
      if (!response.ok) throw new Error(`target answered ${response.status}`);
    }),
  );
  await sequelize.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
