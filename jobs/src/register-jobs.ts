import type { Agenda } from 'agenda';
import { JOB_DEFINITIONS, type AnyJobDefinition, type JobContext } from './definitions';

type Handler = (data: unknown, context: JobContext) => Promise<void>;

/** Teaches an Agenda every job of ours; each handler gets the job's data and the shared services. */
export function registerJobs(
  agenda: Agenda,
  context: JobContext,
  definitions: readonly AnyJobDefinition[] = JOB_DEFINITIONS,
): void {
  for (const definition of definitions) {
    // The data was written by `JobScheduler.enqueue`, which is typed by the same JobData map.
    const handler = definition.handler as Handler;
    agenda.define(
      definition.name,
      async (job) => {
        const keepAlive = () => {
          const lifetime = agenda.definitions[definition.name]?.lockLifetime ?? 0;
          let touching: Promise<void> = Promise.resolve();
          const timer = setInterval(
            () => {
              touching = touching.then(() => job.touch()).catch(() => undefined);
            },
            Math.max(250, Math.floor(lifetime / 3)),
          );
          // Stopping waits for a touch under way, so none lands after the run is recorded.
          return () => {
            clearInterval(timer);
            return touching;
          };
        };
        try {
          await handler(job.attrs.data, { ...context, keepAlive });
        } catch (error) {
          context.logger.error(
            { err: error, job: definition.name, jobId: String(job.attrs._id) },
            'job failed',
          );
          throw error;
        }
      },
      definition.options,
    );
  }
}
