import { useEffect, useState } from 'react';
import { Alert, Card, Collapse, Flex, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';

import {
  RULE_RUN_TRIGGER_LABELS,
  routes,
  type OrderRuleTraceEntry,
  type RuleEvaluation,
} from '@syncdesk/contracts';
import { formatDate } from '@syncdesk/web-kit';

import { actionTraceText, conditionTraceText } from '../rules/rule-text';
import { getOrderRuleTrace } from '../rules/rules.api';

export const NO_RULE_RUN_TEXT = 'No rule has run on this order yet.';

interface OrderRuleTraceProps {
  storeId: string;
  orderId: string;
  /** Bumped by the page on each reload (an action, or an 'orders:changed' event for this order). */
  version: number;
}

/**
 * "Why this order changed": every run of the rules on the order (which trigger, when), each rule
 * evaluated in priority order with the version that ran, its conditions with what the order had,
 * and what each action changed or why it did not.
 */
export function OrderRuleTrace({ storeId, orderId, version }: OrderRuleTraceProps) {
  const [entries, setEntries] = useState<OrderRuleTraceEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    getOrderRuleTrace(storeId, orderId)
      .then((trace) => {
        if (!active) return;
        setEntries(trace.data);
        setFailed(false);
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [storeId, orderId, version]);

  return (
    <Card title="Why this order changed" data-testid="order-rule-trace">
      {failed && !entries ? (
        <Alert type="warning" showIcon title="The rules’ trace could not be loaded." />
      ) : !entries ? (
        <Skeleton active />
      ) : entries.length === 0 ? (
        <Typography.Text type="secondary">{NO_RULE_RUN_TEXT}</Typography.Text>
      ) : (
        <Collapse
          // The latest run is the one a seller usually asks about.
          defaultActiveKey={[String(entries[entries.length - 1]?.id)]}
          items={[...entries].reverse().map((entry) => ({
            key: String(entry.id),
            label: (
              <Flex gap={8} wrap align="center">
                <Typography.Text strong>
                  {RULE_RUN_TRIGGER_LABELS[entry.trigger_type] ?? entry.trigger_type}
                </Typography.Text>
                <Typography.Text type="secondary">{formatDate(entry.created_at)}</Typography.Text>
                {entry.changed ? <Tag color="processing">Changed the order</Tag> : <Tag>No change</Tag>}
              </Flex>
            ),
            children: (
              <Flex vertical gap={12}>
                {entry.evaluations.map((evaluation) => (
                  <EvaluationTrace
                    key={`${evaluation.rule_id}-${evaluation.rule_version}`}
                    evaluation={evaluation}
                  />
                ))}
              </Flex>
            ),
          }))}
        />
      )}
    </Card>
  );
}

function EvaluationTrace({ evaluation }: { evaluation: RuleEvaluation }) {
  return (
    <div data-testid={`rule-evaluation-${evaluation.rule_id}`}>
      <Flex gap={8} align="center" wrap>
        <Link to={routes.ruleDetail(evaluation.rule_id)}>{evaluation.rule_name}</Link>
        <Typography.Text type="secondary">v{evaluation.rule_version}</Typography.Text>
        {evaluation.skipped === 'fired_before' ? (
          <Tag>Skipped: changed this order before</Tag>
        ) : evaluation.matched ? (
          <Tag color="success">Matched</Tag>
        ) : (
          <Tag>Not matched</Tag>
        )}
      </Flex>
      {evaluation.skipped ? null : (
        <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {evaluation.groups.map((group, groupIndex) =>
            group.conditions.map((condition, index) => (
              <li key={`c-${groupIndex}-${index}`}>
                <Typography.Text type={condition.held ? undefined : 'secondary'}>
                  {conditionTraceText(condition)} {condition.held ? '✓' : '✗'}
                </Typography.Text>
              </li>
            )),
          )}
          {evaluation.actions.map((action, index) => (
            <li key={`a-${index}`}>
              <Typography.Text strong={action.changed}>{actionTraceText(action)}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
