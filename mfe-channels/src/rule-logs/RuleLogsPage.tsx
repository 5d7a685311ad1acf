import { useEffect, useState } from 'react';
import { Button, Select, Tag } from 'antd';
import { Link } from 'react-router';

import {
  RULE_RUN_TRIGGERS,
  routes,
  type ListParams,
  type RuleEngineLogDto,
  type RuleRunTrigger,
} from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  PageHeader,
  useDebouncedRefresh,
  useListQuery,
  useRealtimeEvent,
  useSessionUser,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { RecordTabs } from '../transaction-records/RecordTabs';
import {
  RULE_LOG_RESULTS,
  RULE_LOGS_EMPTY,
  ruleLogResult,
  triggerLabel,
  type RuleLogResult,
} from './rule-log-text';
import { getStoreRules, RULE_ENGINE_LOGS_PATH } from './rule-logs.api';

/** The list's own parameters (spec §7): plain query keys beside the list convention's. */
type RuleLogParams = ListParams & {
  store_id?: number;
  rule_id?: number;
  trigger_type?: RuleRunTrigger;
  matched?: 0 | 1;
  changed?: 0 | 1;
};

/** A backfill writes logs in bursts as its progress arrives; one reload per burst is enough. */
const LIVE_REFRESH_DELAY_MS = 1000;

const TRIGGER_OPTIONS = RULE_RUN_TRIGGERS.map((trigger) => ({
  value: trigger,
  label: triggerLabel(trigger),
}));

/** The Result filter: a rule's outcome as matched/changed flags ("Matched" takes both outcomes). */
type ResultFilter = RuleLogResult | 'matched';
const RESULT_FLAGS: Record<ResultFilter, Pick<RuleLogParams, 'matched' | 'changed'>> = {
  matched: { matched: 1 },
  changed: { changed: 1 },
  unchanged: { matched: 1, changed: 0 },
  not_matched: { matched: 0 },
};
const RESULT_OPTIONS: { value: ResultFilter; label: string }[] = [
  { value: 'matched', label: 'Matched' },
  { value: 'changed', label: RULE_LOG_RESULTS.changed.label },
  { value: 'unchanged', label: RULE_LOG_RESULTS.unchanged.label },
  { value: 'not_matched', label: RULE_LOG_RESULTS.not_matched.label },
];

function resultFilterOf(params: RuleLogParams): ResultFilter | undefined {
  return (Object.keys(RESULT_FLAGS) as ResultFilter[]).find((key) => {
    const flags = RESULT_FLAGS[key];
    return params.matched === flags.matched && params.changed === flags.changed;
  });
}

export function RuleResultTag({ log }: { log: Pick<RuleEngineLogDto, 'matched' | 'changed'> }) {
  const result = RULE_LOG_RESULTS[ruleLogResult(log)];
  return <Tag color={result.color}>{result.label}</Tag>;
}

/** The order a log is about, linking to it while it exists. */
export function OrderReference({
  log,
}: {
  log: Pick<RuleEngineLogDto, 'store_id' | 'order_id' | 'data_reference'>;
}) {
  return log.order_id !== null ? (
    <Link to={routes.orderDetail(log.store_id, log.order_id)}>{log.data_reference}</Link>
  ) : (
    <>{log.data_reference}</>
  );
}

const COLUMNS: DataTableColumn<RuleEngineLogDto>[] = [
  {
    key: 'created_at',
    title: 'Date',
    render: (_, log) => (
      <Link to={routes.ruleTransactionRecordDetail(log.id)}>{formatDate(log.created_at)}</Link>
    ),
  },
  { key: 'rule_engine_name', title: 'Rule', dataIndex: 'rule_engine_name' },
  { key: 'data_reference', title: 'Order', render: (_, log) => <OrderReference log={log} /> },
  { key: 'trigger_type', title: 'Trigger', render: (_, log) => triggerLabel(log.trigger_type) },
  { key: 'result', title: 'Result', render: (_, log) => <RuleResultTag log={log} /> },
  { key: 'message', title: 'Message', dataIndex: 'message' },
];

/**
 * `/transactionRecords/rules`: every rule evaluated on an order, newest first, so a seller can see
 * which rule touched which order and why. New logs appear as rule runs progress.
 */
export function RuleLogsPage() {
  const query = useListQuery<RuleEngineLogDto>(RULE_ENGINE_LOGS_PATH);
  const params = query.params as RuleLogParams;
  const refresh = useDebouncedRefresh(query.reload, LIVE_REFRESH_DELAY_MS);
  useRealtimeEvent('rules:run', (event) => {
    if (params.store_id === undefined || params.store_id === event.storeId) refresh();
  });

  const narrowed = Boolean(
    params.search ||
    params.store_id !== undefined ||
    params.rule_id !== undefined ||
    params.trigger_type !== undefined ||
    params.matched !== undefined ||
    params.changed !== undefined,
  );
  return (
    <>
      <PageHeader title="Transaction records" subtitle="What each rule did to each order, and why" />
      <RecordTabs active="rules" />
      <DataTable<RuleEngineLogDto>
        tableKey="transaction-records-rules"
        label="Rule engine logs"
        query={query}
        columns={COLUMNS}
        searchPlaceholder="Search order number"
        toolbar={<RuleLogFilters params={params} setParams={(update) => query.setParams(update)} />}
        emptyText={
          narrowed
            ? 'No rule engine logs match these filters. Clear the filters to see them all.'
            : RULE_LOGS_EMPTY
        }
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}

interface RuleLogFiltersProps {
  params: RuleLogParams;
  setParams(update: (previous: ListParams) => ListParams): void;
}

/** Store, rule (of the chosen store, or of the only one), trigger and result. */
function RuleLogFilters({ params, setParams }: RuleLogFiltersProps) {
  const user = useSessionUser();
  const stores = user?.stores ?? [];
  const ruleStore = params.store_id ?? (stores.length === 1 ? stores[0]?.id : undefined);
  const [rules, setRules] = useState<{ id: number; name: string }[] | null>(null);

  useEffect(() => {
    if (ruleStore === undefined) {
      setRules([]);
      return undefined;
    }
    let active = true;
    setRules(null);
    getStoreRules(ruleStore)
      .then((loaded) => active && setRules(loaded))
      .catch(() => active && setRules([]));
    return () => {
      active = false;
    };
  }, [ruleStore]);

  // Any change goes back to page 1, since the old page number means nothing any more.
  const apply = (change: Partial<RuleLogParams>) =>
    setParams((previous) => ({ ...previous, ...change, page: 1 }) as ListParams);

  const filtered =
    params.store_id !== undefined ||
    params.rule_id !== undefined ||
    params.trigger_type !== undefined ||
    params.matched !== undefined ||
    params.changed !== undefined;

  return (
    <>
      {stores.length > 1 ? (
        <Select<number>
          aria-label="Filter by store"
          placeholder="All stores"
          allowClear
          value={params.store_id}
          options={stores.map((store) => ({ value: store.id, label: store.name }))}
          // Rules belong to one store: a rule chosen in another store no longer applies.
          onChange={(storeId) => apply({ store_id: storeId, rule_id: undefined })}
          style={{ minWidth: 160 }}
        />
      ) : null}
      <Select<number>
        aria-label="Filter by rule"
        placeholder={ruleStore === undefined ? 'Choose a store to pick a rule' : 'Any rule'}
        allowClear
        disabled={ruleStore === undefined}
        loading={rules === null}
        showSearch={{ optionFilterProp: 'label' }}
        value={params.rule_id}
        options={(rules ?? []).map((rule) => ({ value: rule.id, label: rule.name }))}
        onChange={(ruleId) => apply({ rule_id: ruleId })}
        style={{ minWidth: 200 }}
      />
      <Select<RuleRunTrigger>
        aria-label="Filter by trigger"
        placeholder="Any trigger"
        allowClear
        value={params.trigger_type}
        options={TRIGGER_OPTIONS}
        onChange={(trigger) => apply({ trigger_type: trigger })}
        style={{ minWidth: 190 }}
      />
      <Select<ResultFilter>
        aria-label="Filter by result"
        placeholder="Any result"
        allowClear
        value={resultFilterOf(params)}
        options={RESULT_OPTIONS}
        onChange={(result) =>
          apply({ matched: undefined, changed: undefined, ...(result ? RESULT_FLAGS[result] : {}) })
        }
        style={{ minWidth: 210 }}
      />
      {filtered ? (
        <Button
          type="link"
          onClick={() =>
            apply({
              store_id: undefined,
              rule_id: undefined,
              trigger_type: undefined,
              matched: undefined,
              changed: undefined,
            })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </>
  );
}
