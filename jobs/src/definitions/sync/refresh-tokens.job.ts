import { JOB_NAMES } from '@syncdesk/contracts';
import { runChannelJob } from '../../sync/run-channel-job';
import type { JobDefinition } from '../job-definition';

/**
 * Looks this far ahead: the schedule queues the job a few minutes before the token expires, and
 * a token that still has longer is left alone (the job may run late, or twice).
 */
const REFRESH_TOKENS_AHEAD_MS = 10 * 60_000;

/**
 * Renews an OAuth channel's access token ahead of its expiry (spec job type refresh_tokens). The
 * refresh itself is `ensureFreshToken`, which every channel job also calls, with its
 * one-refresh-per-channel claim; a refusal counts against the channel's health like any run, while
 * a refresh that worked says nothing about whether the channel's other calls do ('idle').
 */
export const refreshTokensJob: JobDefinition<typeof JOB_NAMES.refreshTokens> = {
  name: JOB_NAMES.refreshTokens,
  async handler(data, context) {
    await runChannelJob(context, data.channelId, 'refresh_tokens', async () => 'idle', {
      operation: { job: JOB_NAMES.refreshTokens, data: { channelId: data.channelId } },
      retryOfId: data.retryOfLogId ?? null,
      refreshAheadMs: REFRESH_TOKENS_AHEAD_MS,
    });
  },
  options: { concurrency: 5 },
};
