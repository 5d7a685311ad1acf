import { useEffect, useState } from 'react';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';

import {
  describeAction,
  describeCondition,
  ROUTE_PATTERNS,
  routes,
  RULE_EMPTY_TEXT,
  type ActionTrace,
  type ConditionTrace,
  type RuleEngineLogContentDto,
  type RuleEvaluation,
} from '@syncdesk/contracts';
import { formatDate, PageHeader } from '@syncdesk/web-kit';

import { triggerLabel } from './rule-log-text';
import { getRuleEngineLogContent } from './rule-logs.api';
import { OrderReference, RuleResultTag } from './RuleLogsPage';

/**
 * `/transactionRecords/rules/{ruleEngineId}`: one rule evaluated on one order — each condition with
 * whether it held and what the order had, and each action with what it changed (or why not).
 */
export function RuleLogDetailPage() {
  const { ruleEngineId = '' } = useParams();
  const navigate = useNavigate();
  const [log, setLog] = useState<RuleEngineLogContentDto | 'failed' | null>(null);

  useEffect(() => {
    let active = true;
    setLog(null);
    getRuleEngineLogContent(ruleEngineId)
      .then((loaded) => active && setLog(loaded))
      .catch(() => active && setLog('failed'));
    return () => {
      active = false;
    };
  }, [ruleEngineId]);

  const back = (
    <Button onClick={() => void navigate(ROUTE_PATTERNS.ruleTransactionRecords)}>
      Back to rule engine logs
    </Button>
  );
  if (log === null || log === 'failed')
    return (
      <>
        <PageHeader title="Rule engine log" actions={back} />
        {log === 'failed' ? (
          <Alert type="error" showIcon title="This rule engine log could not be loaded." />
        ) : (
          <Skeleton active />
        )}
      </>
    );

  const { evaluation } = log;
  return (
    <>
      <PageHeader
        title={log.rule_engine_name}
        subtitle={`Order ${log.data_reference} · ${triggerLabel(log.trigger_type)} · ${formatDate(log.created_at)}`}
        actions={back}
      />
      <Flex vertical gap={16}>
        <Card title="Run">
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label="Rule">
              {log.rule_id !== null ? (
                <Link to={routes.ruleDetail(log.rule_id)}>{log.rule_engine_name}</Link>
              ) : (
                log.rule_engine_name
              )}{' '}
              <Typography.Text type="secondary">(version {log.rule_version})</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Order">
              <OrderReference log={log} />
            </Descriptions.Item>
            <Descriptions.Item label="Trigger">{triggerLabel(log.trigger_type)}</Descriptions.Item>
            <Descriptions.Item label="Time">{formatDate(log.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Result">
              <RuleResultTag log={log} />
            </Descriptions.Item>
            <Descriptions.Item label="Message" span="filled">
              {log.message || '—'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        {evaluation.skipped === 'fired_before' ? (
          <Alert
            type="info"
            showIcon
            title="This rule had already run on this order for this trigger, so it was passed over: a rule never fires twice on one order for one trigger."
          />
        ) : (
          <>
            <ConditionsCard evaluation={evaluation} />
            <ActionsCard evaluation={evaluation} />
          </>
        )}
      </Flex>
    </>
  );
}

/** ✓ or ✗, with a name for screen readers. */
function Held({ held }: { held: boolean }) {
  return held ? (
    <CheckCircleFilled aria-label="Held" style={{ color: '#52c41a' }} />
  ) : (
    <CloseCircleFilled aria-label="Not held" style={{ color: '#ff4d4f' }} />
  );
}

/** The condition groups as they were evaluated: All of (AND) or Any of (OR). */
function ConditionsCard({ evaluation }: { evaluation: RuleEvaluation }) {
  return (
    <Card title="Conditions">
      <Flex vertical gap={16}>
        {evaluation.groups.map((group, groupIndex) => (
          <Flex
            key={groupIndex}
            vertical
            gap={6}
            aria-label={`Condition group ${groupIndex + 1}`}
            role="group"
          >
            <Flex gap={8} align="center">
              <Held held={group.held} />
              <Typography.Text strong>{group.match === 'all' ? 'All of' : 'Any of'}</Typography.Text>
              <Typography.Text type="secondary">{group.held ? 'held' : 'did not hold'}</Typography.Text>
            </Flex>
            {group.conditions.map((condition, index) => (
              <ConditionRow key={index} condition={condition} />
            ))}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}

function ConditionRow({ condition }: { condition: ConditionTrace }) {
  return (
    <Flex gap={8} align="baseline" style={{ paddingLeft: 24 }} data-testid="condition">
      <Held held={condition.held} />
      <Typography.Text>{describeCondition(condition)}</Typography.Text>
      {condition.field !== 'no_condition' ? (
        <Typography.Text type="secondary">The order had: {condition.actual}</Typography.Text>
      ) : null}
    </Flex>
  );
}

/** Each action with before → after, or why it changed nothing. */
function ActionsCard({ evaluation }: { evaluation: RuleEvaluation }) {
  return (
    <Card title="Actions">
      {!evaluation.matched ? (
        <Typography.Text type="secondary">The conditions did not hold, so no action ran.</Typography.Text>
      ) : evaluation.actions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No action was recorded." />
      ) : (
        <Flex vertical gap={8}>
          {evaluation.actions.map((action, index) => (
            <ActionRow key={index} action={action} />
          ))}
        </Flex>
      )}
    </Card>
  );
}

function ActionRow({ action }: { action: ActionTrace }) {
  return (
    <Flex gap={8} align="baseline" wrap data-testid="action">
      <Tag color={action.changed ? 'green' : 'default'}>{action.changed ? 'Changed' : 'No change'}</Tag>
      <Typography.Text>{describeAction(action)}</Typography.Text>
      {action.changed ? (
        <Typography.Text type="secondary">
          {action.before ?? RULE_EMPTY_TEXT} → {action.after ?? RULE_EMPTY_TEXT}
        </Typography.Text>
      ) : action.note ? (
        <Typography.Text type="secondary">{action.note}</Typography.Text>
      ) : null}
    </Flex>
  );
}
