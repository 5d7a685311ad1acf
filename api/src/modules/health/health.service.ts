import type { Sequelize } from 'sequelize';

export interface JobStoreProbe {
  /** `sequelize` or `mongo`. */
  backend: string;
  /** Whether this process runs the worker (`all`/`worker` roles), is draining, or only enqueues. */
  worker(): 'running' | 'stopping' | 'disabled';
  /** A cheap query against the job store. */
  ping(): Promise<void>;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  uptime_s: number;
  db: { dialect: string; status: 'ok' | 'error'; latency_ms: number };
  jobs: { backend: string; status: 'ok' | 'error'; worker: 'running' | 'stopping' | 'disabled' };
}

async function timed(probe: () => Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
    ]);
    return { ok: true, ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - started) };
  }
}

export interface HealthService {
  check(): Promise<HealthReport>;
}

export function createHealthService(deps: { sequelize: Sequelize; jobStore: JobStoreProbe }): HealthService {
  return {
    async check() {
      const [db, jobs] = await Promise.all([
        timed(() => deps.sequelize.query('SELECT 1')),
        timed(() => deps.jobStore.ping()),
      ]);
      return {
        status: db.ok && jobs.ok ? 'ok' : 'degraded',
        uptime_s: Math.round(process.uptime()),
        db: { dialect: deps.sequelize.getDialect(), status: db.ok ? 'ok' : 'error', latency_ms: db.ms },
        jobs: {
          backend: deps.jobStore.backend,
          status: jobs.ok ? 'ok' : 'error',
          worker: deps.jobStore.worker(),
        },
      };
    },
  };
}
