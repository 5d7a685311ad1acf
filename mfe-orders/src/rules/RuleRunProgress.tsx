import { Alert, Flex, Progress, Typography } from 'antd';

import type { RuleRunDto } from '@syncdesk/contracts';

import { isFinished, ruleRunSummary } from './useRuleRun';

/** A run's live progress bar and, once it ends, its summary. */
export function RuleRunProgress({ run }: { run: RuleRunDto }) {
  const percent = run.total > 0 ? Math.floor((run.done / run.total) * 100) : isFinished(run) ? 100 : 0;
  const finished = isFinished(run);
  return (
    <Flex vertical gap={8} data-testid="rule-run-progress">
      <Progress
        percent={percent}
        status={run.status === 'failed' ? 'exception' : finished ? 'success' : 'active'}
        aria-label="Run progress"
      />
      {finished ? (
        <Alert
          type={run.status === 'failed' || run.failed > 0 ? 'warning' : 'success'}
          showIcon
          title={ruleRunSummary(run)}
        />
      ) : (
        <Typography.Text type="secondary">{ruleRunSummary(run)}</Typography.Text>
      )}
    </Flex>
  );
}
