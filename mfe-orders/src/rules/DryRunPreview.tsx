import { useEffect, useState } from 'react';
import { Alert, Card, Flex, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';

import { ruleDryRunSchema, routes, type RuleDryRunDto, type RuleDryRunRow } from '@syncdesk/contracts';
import { formatDate, isApiError } from '@syncdesk/web-kit';

import { toRuleInput, unfinishedRuleProblem, type RuleFormValues } from './rule-form';
import { actionTraceText, conditionTraceText } from './rule-text';
import { dryRunRule } from './rules.api';

/** How long the preview waits after the last change before asking again. */
export const DRY_RUN_DEBOUNCE_MS = 600;
export const UNFINISHED_RULE_TEXT = 'Finish the rule to see which orders it matches.';

type PreviewState =
  /** `problem`: what keeps the rule from being previewed, pointing at its row (null: the server's 422). */
  | { kind: 'unfinished'; problem: string | null }
  | { kind: 'loading'; previous: RuleDryRunDto | null }
  | { kind: 'ready'; result: RuleDryRunDto }
  | { kind: 'failed' };

/**
 * The live dry run beside the editor: which of the store's latest orders the rule as typed would
 * match, and what it would change. Nothing is saved or changed. Asks only once the rule is whole
 * (the contracts' own check), so a half-typed rule shows a hint rather than errors.
 */
export function DryRunPreview({ storeId, values }: { storeId: number | undefined; values: RuleFormValues }) {
  const [state, setState] = useState<PreviewState>({ kind: 'unfinished', problem: null });
  const [showUnmatched, setShowUnmatched] = useState(false);
  const serialized = JSON.stringify(storeId === undefined ? null : toRuleInput(values, storeId));

  useEffect(() => {
    const input = JSON.parse(serialized) as ReturnType<typeof toRuleInput> | null;
    // The name does not change what matches; a nameless draft can be previewed.
    const rule = input ? { ...input, name: input.name || 'Draft rule' } : null;
    if (!rule || !ruleDryRunSchema.safeParse({ rule }).success) {
      setState({ kind: 'unfinished', problem: rule ? unfinishedRuleProblem(rule) : null });
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((current) => ({
        kind: 'loading',
        previous: current.kind === 'ready' ? current.result : null,
      }));
      dryRunRule(rule, controller.signal)
        .then((result) => setState({ kind: 'ready', result }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState(
            isApiError(error) && error.status === 422
              ? { kind: 'unfinished', problem: null }
              : { kind: 'failed' },
          );
        });
    }, DRY_RUN_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [serialized]);

  const result = state.kind === 'ready' ? state.result : state.kind === 'loading' ? state.previous : null;
  const rows = result ? result.data.filter((row) => showUnmatched || row.evaluation.matched) : [];

  const columns: TableColumnsType<RuleDryRunRow> = [
    {
      key: 'order',
      title: 'Order',
      dataIndex: 'order_number',
      render: (number: string, row) => (
        <Link to={routes.orderDetail(storeId ?? '', row.order_id)}>{number}</Link>
      ),
    },
    { key: 'channel', title: 'Channel', dataIndex: 'channel_name' },
    {
      key: 'date',
      title: 'Order date',
      dataIndex: 'order_date',
      render: (date: string | null) => formatDate(date),
    },
    {
      key: 'change',
      title: 'What would change',
      render: (_: unknown, row) =>
        row.evaluation.matched ? (
          <Flex vertical>
            {row.evaluation.actions.map((action, index) => (
              <span key={index}>{actionTraceText(action)}</span>
            ))}
          </Flex>
        ) : (
          <Flex vertical>
            <Tag style={{ alignSelf: 'flex-start' }}>No match</Tag>
            {row.evaluation.groups
              .flatMap((group) => group.conditions)
              .filter((condition) => !condition.held)
              .map((condition, index) => (
                <Typography.Text key={index} type="secondary">
                  ✗ {conditionTraceText(condition)}
                </Typography.Text>
              ))}
          </Flex>
        ),
    },
  ];

  return (
    <Card title="Dry run" size="small" aria-label="Dry run" data-testid="dry-run">
      {state.kind === 'unfinished' ? (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{UNFINISHED_RULE_TEXT}</Typography.Text>
          {state.problem ? (
            <Typography.Text type="warning" data-testid="dry-run-problem">
              {state.problem}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : state.kind === 'failed' ? (
        <Alert
          type="warning"
          showIcon
          title="The preview could not be worked out. Change the rule to try again."
        />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text strong aria-live="polite" data-testid="dry-run-summary">
            {result
              ? `Matches ${result.meta.matched} of the last ${result.meta.evaluated} orders`
              : 'Checking the latest orders…'}
          </Typography.Text>
          <Typography.Text type="secondary">
            Nothing is changed: this shows what the rule would do.
          </Typography.Text>
          <Flex gap={8} align="center">
            <Switch
              size="small"
              checked={showUnmatched}
              onChange={setShowUnmatched}
              aria-label="Show orders that don't match"
            />
            <span>Show orders that don’t match</span>
          </Flex>
          <Table<RuleDryRunRow>
            size="small"
            rowKey="order_id"
            loading={state.kind === 'loading'}
            columns={columns}
            dataSource={rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: 'No order of the latest ones matches.' }}
          />
        </Flex>
      )}
    </Card>
  );
}
