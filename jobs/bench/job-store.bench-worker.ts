/**
 * One worker process of the job-store bench's two-worker cases: an Agenda on the SequelizeBackend
 * over the bench's MySQL database, as `APP_ROLE=worker` runs it. The parent (job-store.bench.ts)
 * forks two of these, says "go" to both at once, and reads each finished job's time and id.
 */
import os from 'node:os';
import { Agenda } from 'agenda';
import type { Sequelize } from 'sequelize';
import { createSequelize } from '@syncdesk/api';
import { createAgendaBackend } from '../src/job-store';

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'finished'; ids: string[]; times: number[] }
  | { type: 'done'; cpuMs: number; queries: number; finished: number };

export type ParentMessage = { type: 'go' } | { type: 'stop' };

/** Counts every statement this process sends, for queries per job. */
/** BENCH_QUERY_KINDS=1: each worker prints its statements by kind when it stops (where extra ones come from). */
const kinds = new Map<string, number>();
function countQueries(sequelize: Sequelize): () => number {
  let count = 0;
  const query = sequelize.query.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
  (sequelize as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args) => {
    count += 1;
    if (process.env.BENCH_QUERY_KINDS) {
      const kind = String(args[0]).slice(0, 60);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    return query(...args);
  };
  return () => count;
}

async function main(): Promise<void> {
  const send = (message: WorkerMessage) => process.send?.(message);
  const settings = JSON.parse(process.env.BENCH_AGENDA_SETTINGS ?? '{}') as Record<string, number>;
  const sequelize = await createSequelize({ url: process.env.BENCH_DATABASE_URL!, dataDir: os.tmpdir() });
  const queries = countQueries(sequelize);
  // The backend a deployed worker gets: with REDIS_URL the wake-up channel goes through Redis.
  const backend = await createAgendaBackend({
    sequelize,
    redisUrl: process.env.BENCH_REDIS_URL || undefined,
    redisPrefix: process.env.BENCH_REDIS_PREFIX,
  });
  const agenda = new Agenda({ backend, name: `bench-worker-${process.env.BENCH_WORKER}`, ...settings });
  let ids: string[] = [];
  let times: number[] = [];
  let finished = 0;
  agenda.define('noop', async (job) => {
    ids.push(String(job.attrs._id));
    times.push(Date.now());
    finished += 1;
  });
  const flush = () => {
    if (ids.length === 0) return;
    send({ type: 'finished', ids, times });
    ids = [];
    times = [];
  };
  await agenda.ready;
  let cpuAtGo = process.cpuUsage();
  let queriesAtGo = 0;
  let reporting: NodeJS.Timeout | undefined;
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'go') {
      cpuAtGo = process.cpuUsage();
      queriesAtGo = queries();
      reporting = setInterval(flush, 100);
      void agenda.start();
    } else if (message.type === 'stop') {
      void (async () => {
        clearInterval(reporting);
        await agenda.stop();
        flush();
        const cpu = process.cpuUsage(cpuAtGo);
        send({
          type: 'done',
          cpuMs: (cpu.user + cpu.system) / 1000,
          queries: queries() - queriesAtGo,
          finished,
        });
        if (process.env.BENCH_QUERY_KINDS) console.error(finished, [...kinds]);
        await sequelize.close();
        process.disconnect();
      })();
    }
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
