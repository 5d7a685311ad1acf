import type { PluginConnector } from '@syncdesk/integrations';
import { ConnectorError } from '@syncdesk/integrations';
import { providerFor } from '@syncdesk/integrations';
import type { JobContext, JobLogger } from '../definitions/job-definition';
import { openConnection, type OpenConnection, type OpenConnectionOptions } from './open-connection';
import { noteNotSynchronised } from './not-synchronised';
import { syncRuntimeOf, type ChannelJobOutcome } from './run-channel-job';

type DebugLogger = JobLogger & { debug?(object: object, message?: string): void };

/**
 * `runChannelJob` for a plugin row: opens the connection, hands it and the plugin's connector to
 * `work`, flushes the run's transaction records and tells the plugin's sync state how it went. A
 * provider's refusal (ConnectorError) is counted and swallowed; anything else is ours and rethrown.
 */
export async function runPluginJob(
  context: JobContext,
  pluginId: number,
  jobType: string,
  work: (open: OpenConnection, connector: PluginConnector) => Promise<void>,
  options: Omit<OpenConnectionOptions, 'jobType'> = {},
): Promise<ChannelJobOutcome> {
  const { services } = context;
  const logger = context.logger as DebugLogger;
  const runtime = syncRuntimeOf(context);
  const plugin = await services.channels.connectionForJob(pluginId);
  if (!plugin || plugin.kind !== 'plugin' || !plugin.is_active) {
    logger.debug?.({ pluginId, jobType }, 'plugin job skipped: plugin gone, not a plugin or inactive');
    return 'skipped';
  }
  const provider = providerFor(plugin.type);
  const createConnector = provider?.kind === 'plugin' ? provider.connector : undefined;
  if (!createConnector) {
    logger.debug?.({ pluginId, jobType, type: plugin.type }, 'plugin job skipped: no connector');
    await noteNotSynchronised(context, plugin, jobType);
    return 'skipped';
  }
  try {
    const open = await openConnection(services, runtime, pluginId, { ...options, jobType });
    if (!open) return 'skipped';
    await work(open, createConnector(open.context));
    await services.syncState.runSucceeded(pluginId);
    return 'done';
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    logger.info({ pluginId, jobType, kind: error.kind, err: error.message }, 'plugin job failed');
    await services.syncState.runFailed(pluginId, { kind: error.kind, message: error.message });
    return 'failed';
  } finally {
    await runtime.recorder.flush();
  }
}
