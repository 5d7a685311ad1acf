import type { Sequelize } from 'sequelize';

export interface JobStoreProbe {
  /** `sequelize` or `mongo`. */
  backend: string;
  /** Whether this process runs the worker (`all`/`worker` roles), is draining, or only enqueues. */
  worker(): 'running' | 'stopping' | 'disabled';
  /** A cheap query against the job store. */
  ping(): Promise<void>;
}

/** How this process's live events travel, and the Redis connections they need. */
export interface LiveEventsProbe {
  /** `redis`: to and from every process; `local`: only within this one. */
  via: 'redis' | 'local';
  /** ioredis `status` of each connection the path uses (Socket.IO adapter, authority bus…). */
  redisStatuses(): string[];
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  uptime_s: number;
  db: { dialect: string; status: 'ok' | 'error'; latency_ms: number };
  jobs: { backend: string; status: 'ok' | 'error'; worker: 'running' | 'stopping' | 'disabled' };
  /**
   * `redis` with every connection ready, or `local` (one process, or the LIVE_EVENTS=local opt-out:
   * workers' events reach no browser): ok. A lost Redis connection: error (events are being lost).
   */
  live_events: {
    via: 'redis' | 'local';
    status: 'ok' | 'error';
    redis: 'connected' | 'disconnected' | 'not_used';
  };
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

/** The in-process bus of the all-in-one default (and of services built without a probe). */
const LOCAL_LIVE_EVENTS: LiveEventsProbe = { via: 'local', redisStatuses: () => [] };

function liveEventsReport(probe: LiveEventsProbe): HealthReport['live_events'] {
  if (probe.via === 'local') return { via: 'local', status: 'ok', redis: 'not_used' };
  const statuses = probe.redisStatuses();
  const connected = statuses.length > 0 && statuses.every((status) => status === 'ready');
  return {
    via: 'redis',
    status: connected ? 'ok' : 'error',
    redis: connected ? 'connected' : 'disconnected',
  };
}

export function createHealthService(deps: {
  sequelize: Sequelize;
  jobStore: JobStoreProbe;
  liveEvents?: LiveEventsProbe;
}): HealthService {
  return {
    async check() {
      const [db, jobs] = await Promise.all([
        timed(() => deps.sequelize.query('SELECT 1')),
        timed(() => deps.jobStore.ping()),
      ]);
      const liveEvents = liveEventsReport(deps.liveEvents ?? LOCAL_LIVE_EVENTS);
      return {
        status: db.ok && jobs.ok && liveEvents.status === 'ok' ? 'ok' : 'degraded',
        uptime_s: Math.round(process.uptime()),
        db: { dialect: deps.sequelize.getDialect(), status: db.ok ? 'ok' : 'error', latency_ms: db.ms },
        jobs: {
          backend: deps.jobStore.backend,
          status: jobs.ok ? 'ok' : 'error',
          worker: deps.jobStore.worker(),
        },
        live_events: liveEvents,
      };
    },
  };
}
