import {
  InMemoryNotificationChannel,
  type JobNotification,
  type NotificationChannel,
  type NotificationHandler,
} from 'agenda';
import type { JobStoreLogger } from './sequelize-job-repository';

/** Redis channel every process of one deployment listens on (REDIS_PREFIX `syncdesk`). */
export const DEFAULT_JOB_CHANNEL_NAME = 'syncdesk:jobs';

/** The job wake-up channel of the deployment with this REDIS_PREFIX. */
export const jobChannelName = (redisPrefix = 'syncdesk') => `${redisPrefix}:jobs`;

export interface JobNotificationSettings {
  /** REDIS_URL: tell workers in other processes. Without it only this process's worker hears. */
  redisUrl?: string;
  /** Lets tests (and deployments sharing one Redis) keep their notices apart. */
  channelName?: string;
  /** Channel problems (lost Redis) are logged here; polling keeps jobs moving meanwhile. */
  logger?: JobStoreLogger;
}

/**
 * Agenda's Redis channel, made safe to connect twice: the backend connects it so a process that
 * only queues (the api role never calls agenda.start()) can publish, and agenda.start() connects it
 * again. The stock channel would open a second subscriber and hear every notice twice.
 *
 * Loaded on first use: the Redis backend (and its client) costs every process and test file that
 * never uses Redis a noticeable part of its start.
 */
async function redisChannel(settings: {
  connectionString: string;
  channelName: string;
}): Promise<NotificationChannel> {
  const { RedisNotificationChannel } = await import('@agendajs/redis-backend');
  class ConnectOnceRedisChannel extends RedisNotificationChannel {
    private connecting: Promise<void> | undefined;

    override connect(): Promise<void> {
      if (this.state === 'connected') return Promise.resolve();
      this.connecting ??= super.connect().finally(() => {
        this.connecting = undefined;
      });
      return this.connecting;
    }
  }
  return new ConnectOnceRedisChannel(settings);
}

/**
 * Agenda answers every notice with a lock scan for that job name, which itself keeps locking until
 * nothing is left. A burst of a thousand queued jobs would start a thousand scans at once; one scan
 * per name at a time, plus one more for notices that arrived meanwhile, picks up the same jobs.
 */
export function coalesceByJobName(handler: NotificationHandler): NotificationHandler {
  const pending = new Map<string, JobNotification | null>();
  return async (notification) => {
    const name = notification.jobName;
    if (pending.has(name)) {
      pending.set(name, notification);
      return;
    }
    let next: JobNotification | null = notification;
    pending.set(name, null);
    try {
      while (next) {
        await handler(next);
        next = pending.get(name) ?? null;
        pending.set(name, null);
      }
    } finally {
      pending.delete(name);
    }
  };
}

/** Hides the channel's state methods: Agenda then neither publishes nor subscribes to job states. */
function withoutJobStateEvents(channel: NotificationChannel): void {
  const stateless = channel as { publishState?: unknown; subscribeState?: unknown };
  stateless.publishState = undefined;
  stateless.subscribeState = undefined;
}

/**
 * How a queued job reaches a worker at once instead of at its next poll: in-process for the
 * all-in-one process, Redis pub/sub when api and workers are separate processes.
 */
export async function createJobNotificationChannel(
  settings: JobNotificationSettings = {},
): Promise<NotificationChannel> {
  const channelName = settings.channelName ?? DEFAULT_JOB_CHANNEL_NAME;
  return prepareChannel(
    settings.redisUrl
      ? await redisChannel({ connectionString: settings.redisUrl, channelName })
      : new InMemoryNotificationChannel({ channelName }),
    settings,
  );
}

/** The in-process channel, at once: a backend made without one gets this. */
export function inProcessJobNotificationChannel(settings: JobNotificationSettings = {}): NotificationChannel {
  return prepareChannel(
    new InMemoryNotificationChannel({ channelName: settings.channelName ?? DEFAULT_JOB_CHANNEL_NAME }),
    settings,
  );
}

function prepareChannel(
  channel: NotificationChannel,
  settings: JobNotificationSettings,
): NotificationChannel {
  const subscribe = channel.subscribe.bind(channel);
  channel.subscribe = (handler) => subscribe(coalesceByJobName(handler));
  // Agenda also sends every job's start, success and completion over a channel that can carry
  // them, for other processes to re-emit as events: three Redis messages per job, each read by
  // every process of the deployment. Nothing here listens to another process's job events, so the
  // channel carries wake-ups only.
  withoutJobStateEvents(channel);
  // An 'error' event nobody listens to would crash the process; a lost channel only costs latency.
  channel.on('error', (error) =>
    settings.logger?.error({ err: error }, 'job notification channel error (polling continues)'),
  );
  return channel;
}
