import type { ChannelConnector } from '@syncdesk/integrations';
import { ConnectorError } from '@syncdesk/integrations';
import { providerFor } from '@syncdesk/integrations';
import type { JobContext, JobLogger } from '../definitions/job-definition';
import { openConnection, type OpenConnection, type OpenConnectionOptions } from './open-connection';
import { createSyncRuntime, type SyncRuntime } from './sync-runtime';
import { noteNotSynchronised } from './not-synchronised';
import { ensureFreshToken } from './token-refresh';

export interface ChannelJobOptions extends Omit<OpenConnectionOptions, 'jobType'> {
  /**
   * Runs even when the channel is switched off (a webhook removal after deactivation). Every
   * other job of an inactive channel is skipped: deactivation must stop the sync.
   */
  evenWhenInactive?: boolean;
  /** Renew the OAuth token when it expires within this (default a minute). */
  refreshAheadMs?: number;
}

/** How a run ended: `skipped` when there was nothing to run (inactive, no connector, deleted). */
export type ChannelJobOutcome = 'done' | 'skipped' | 'failed';

type DebugLogger = JobLogger & { debug?(object: object, message?: string): void };

/** The process's runtime, or one without budgets and records (a job run outside the worker). */
export function syncRuntimeOf(context: JobContext): SyncRuntime {
  return context.sync ?? createSyncRuntime({ services: context.services });
}

/**
 * One run of a channel job: refreshes a token about to expire, opens the connection, hands it and
 * the channel's connector to `work` (which answers 'idle' when it had nothing to do), flushes the run's transaction records and tells the sync state
 * how it went. A provider's refusal or outage (a ConnectorError) is counted and swallowed so Agenda
 * does not retry in a loop: the next scheduled run, or a retry from the log, runs it again. Any
 * other error is ours (a bug, the database gone), so it is rethrown and not counted against the
 * channel: deactivating a seller's channel for our own failure would punish the wrong party.
 */
export async function runChannelJob(
  context: JobContext,
  channelId: number,
  jobType: string,
  work: (open: OpenConnection, connector: ChannelConnector) => Promise<void | 'idle'>,
  options: ChannelJobOptions = {},
): Promise<ChannelJobOutcome> {
  const { services } = context;
  const logger = context.logger as DebugLogger;
  const runtime = syncRuntimeOf(context);
  const channel = await services.channels.connectionForJob(channelId);
  if (!channel || (!channel.is_active && !options.evenWhenInactive)) {
    logger.debug?.({ channelId, jobType }, 'channel job skipped: channel gone or inactive');
    return 'skipped';
  }
  const provider = providerFor(channel.type);
  const createConnector = provider?.kind === 'channel' ? provider.connector : undefined;
  if (!provider || !createConnector) {
    logger.debug?.({ channelId, jobType, type: channel.type }, 'channel job skipped: no connector');
    await noteNotSynchronised(context, channel, jobType);
    return 'skipped';
  }
  try {
    const { evenWhenInactive: _inactive, refreshAheadMs, ...openOptions } = options;
    await ensureFreshToken(services, runtime, channel, {
      aheadMs: refreshAheadMs,
      retryOfId: options.retryOfId ?? null,
    });
    const open = await openConnection(services, runtime, channelId, {
      ...openOptions,
      extraLimits: { ...provider.rateLimits, ...openOptions.extraLimits },
      jobType,
    });
    if (!open) return 'skipped';
    // 'idle': nothing was asked of the provider, so the run says nothing about the channel's health.
    if ((await work(open, createConnector(open.context))) !== 'idle')
      await services.syncState.runSucceeded(channelId);
    return 'done';
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    logger.info({ channelId, jobType, kind: error.kind, err: error.message }, 'channel job failed');
    await services.syncState.runFailed(channelId, { kind: error.kind, message: error.message });
    return 'failed';
  } finally {
    await runtime.recorder.flush();
  }
}
