import type { ApiRoute } from '../../http/api-route';
import type { Logger } from '../../logger';
import type { CoreServices, Services } from '../../services';
import { createDashboardService, type DashboardService } from './dashboard.service';
import { createLlmRephraser } from './explain/llm-rephraser';
import { createTransactionRecordService, type TransactionRecordService } from './transaction-record.service';
import { transactionRecordRoutes } from './transaction-record.routes';
import { createTransactionRecorder, type BatchedTransactionRecorder } from './transaction-recorder';

/** Transaction records: the batched writer the sync engine records through, the logs calls, the dashboard. */
export interface LogServices {
  transactionRecords: TransactionRecordService & { recorder: BatchedTransactionRecorder };
  dashboard: DashboardService;
}

export interface LogServiceOptions {
  logger: Logger;
  /** LOG_EXPLAINER_LLM_URL: an optional service that rephrases explanations; off when absent. */
  explainerLlmUrl?: string;
}

export function createLogServices(core: CoreServices, options: LogServiceOptions): LogServices {
  const recorder = createTransactionRecorder({
    models: core.models,
    publish: core.publish,
    logger: options.logger,
  });
  return {
    transactionRecords: {
      ...createTransactionRecordService({
        models: core.models,
        jobs: core.jobs,
        publish: core.publish,
        rephrase: options.explainerLlmUrl ? createLlmRephraser(options.explainerLlmUrl) : undefined,
      }),
      recorder,
    },
    dashboard: createDashboardService({ models: core.models }),
  };
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function logRoutes(services: Services): ApiRoute[] {
  return transactionRecordRoutes(() => services);
}
