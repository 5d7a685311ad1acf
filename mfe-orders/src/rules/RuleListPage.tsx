import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Dropdown, Empty, Popconfirm, Select, Switch, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { RULE_TRIGGER_EVENTS, ROUTE_PATTERNS, routes, type RuleDto } from '@syncdesk/contracts';
import {
  notifySuccess,
  PageHeader,
  rememberCurrentStore,
  useCan,
  useCurrentStore,
  useSessionUser,
} from '@syncdesk/web-kit';

import { deleteRule, listRules, sortRules, toggleRule } from './rules.api';
import { RunRulesDialog } from './RunRulesDialog';
import { RuleDragHandle, SortableRuleRow } from './SortableRuleRow';

export const EMPTY_RULES_TEXT =
  'No rules yet. Rules tag, hold or route orders automatically — create your first one.';

export const deleteRuleQuestion = (name: string) =>
  `Delete the rule “${name}”? Orders it changed keep their changes.`;

function triggerLabels(rule: RuleDto): string {
  return rule.trigger_events
    .map((key) => RULE_TRIGGER_EVENTS.find((event) => event.key === key)?.label ?? key)
    .join(', ');
}

/**
 * `/rules`: the rules of one store, in priority order (1 runs first). `?store_id=` names the store
 * (and makes it the current store); without it the page opens on the current store (the one the
 * seller last used in any area), else the first.
 */
export function RuleListPage() {
  const user = useSessionUser();
  const current = useCurrentStore();
  const [searchParams, setSearchParams] = useSearchParams();
  const stores = user?.stores ?? [];
  const linked = stores.find((candidate) => String(candidate.id) === searchParams.get('store_id'));
  const store = linked ?? current ?? stores[0];

  // The first store shown by default is not the seller's choice, unless it is the only one.
  const chosen = linked ?? (stores.length === 1 ? stores[0] : undefined);
  useEffect(() => rememberCurrentStore(user, chosen?.id), [user, chosen]);

  const chooseStore = (storeId: number) => {
    rememberCurrentStore(user, storeId);
    setSearchParams({ store_id: String(storeId) });
  };

  if (!store) {
    return (
      <>
        <PageHeader title="Rules" />
        <Card>
          <Empty description="Rules belong to a store: create your first store." />
        </Card>
      </>
    );
  }
  return (
    <RuleList
      key={store.id}
      storeId={store.id}
      storeChooser={
        stores.length > 1 ? (
          <Select
            aria-label="Store"
            value={store.id}
            style={{ minWidth: 200 }}
            options={stores.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            onChange={chooseStore}
          />
        ) : (
          store.name
        )
      }
    />
  );
}

function RuleList({ storeId, storeChooser }: { storeId: number; storeChooser: React.ReactNode }) {
  const can = useCan();
  const navigate = useNavigate();
  const [rules, setRules] = useState<RuleDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [running, setRunning] = useState(false);
  const mayUpdate = can('orders.update');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  const load = useCallback(() => {
    listRules(storeId)
      .then((loaded) => {
        setRules([...loaded].sort((a, b) => a.priority - b.priority));
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [storeId]);
  useEffect(load, [load]);

  const create = () => void navigate(`${ROUTE_PATTERNS.ruleCreate}?store_id=${storeId}`);

  const toggle = async (rule: RuleDto) => {
    // Optimistic: the switch moves at once and moves back when the server says no (its handler
    // shows why).
    const flip = (active: boolean) =>
      setRules((current) =>
        (current ?? []).map((candidate) =>
          candidate.id === rule.id ? { ...candidate, is_active: active } : candidate,
        ),
      );
    flip(!rule.is_active);
    try {
      const saved = await toggleRule(rule.id);
      setRules((current) =>
        (current ?? []).map((candidate) => (candidate.id === saved.id ? saved : candidate)),
      );
    } catch {
      flip(rule.is_active);
    }
  };

  const reorder = async (next: RuleDto[]) => {
    const previous = rules;
    setRules(next.map((rule, index) => ({ ...rule, priority: index + 1 })));
    try {
      const saved = await sortRules(
        storeId,
        next.map((rule) => rule.id),
      );
      setRules([...saved].sort((a, b) => a.priority - b.priority));
    } catch {
      setRules(previous);
    }
  };

  const move = (rule: RuleDto, offset: -1 | 1) => {
    if (!rules) return;
    const from = rules.findIndex((candidate) => candidate.id === rule.id);
    const to = from + offset;
    if (from < 0 || to < 0 || to >= rules.length) return;
    void reorder(arrayMove(rules, from, to));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!rules || !over || active.id === over.id) return;
    const from = rules.findIndex((rule) => String(rule.id) === String(active.id));
    const to = rules.findIndex((rule) => String(rule.id) === String(over.id));
    void reorder(arrayMove(rules, from, to));
  };

  const remove = async (rule: RuleDto) => {
    await deleteRule(rule.id);
    notifySuccess(`Deleted the rule “${rule.name}”.`);
    load();
  };

  const stop = { onClick: (event: React.MouseEvent) => event.stopPropagation() };
  const columns: TableColumnsType<RuleDto> = [
    ...(mayUpdate
      ? [
          {
            key: 'drag',
            width: 40,
            render: (_: unknown, rule: RuleDto) => <RuleDragHandle name={rule.name} />,
          },
        ]
      : []),
    { key: 'priority', title: 'Priority', dataIndex: 'priority', width: 90 },
    {
      key: 'name',
      title: 'Name',
      dataIndex: 'name',
      // A link as well as the row click: keyboard users reach the editor with Tab and Enter.
      render: (name: string, rule) => (
        <Link to={routes.ruleDetail(rule.id)} onClick={(event) => event.stopPropagation()}>
          {name}
        </Link>
      ),
    },
    {
      key: 'triggers',
      title: 'Triggers',
      dataIndex: 'trigger_events_count',
      render: (count: number, rule) => (
        <Tooltip title={triggerLabels(rule)}>
          <span aria-label={`${count}: ${triggerLabels(rule)}`}>{count}</span>
        </Tooltip>
      ),
    },
    { key: 'conditions', title: 'Conditions', dataIndex: 'conditions_count' },
    { key: 'actions', title: 'Actions', dataIndex: 'actions_count' },
    { key: 'fired', title: 'Changed orders', dataIndex: 'fired_count' },
    {
      key: 'active',
      title: 'Active',
      dataIndex: 'is_active',
      render: (active: boolean, rule) => (
        <span {...stop}>
          <Switch
            checked={active}
            disabled={!mayUpdate}
            aria-label={`Active: ${rule.name}`}
            onChange={() => void toggle(rule)}
          />
        </span>
      ),
    },
    ...(mayUpdate
      ? [
          {
            key: 'menu',
            width: 110,
            render: (_: unknown, rule: RuleDto) => {
              const index = rules?.findIndex((candidate) => candidate.id === rule.id) ?? -1;
              return (
                <span {...stop} style={{ whiteSpace: 'nowrap' }}>
                  <Popconfirm
                    title={deleteRuleQuestion(rule.name)}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(rule)}
                  >
                    <Button type="link" danger size="small">
                      Delete
                    </Button>
                  </Popconfirm>
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        { key: 'up', label: 'Move up', disabled: index <= 0 },
                        { key: 'down', label: 'Move down', disabled: index >= (rules?.length ?? 0) - 1 },
                      ],
                      onClick: ({ key, domEvent }) => {
                        domEvent.stopPropagation();
                        move(rule, key === 'up' ? -1 : 1);
                      },
                    }}
                  >
                    <Button
                      type="text"
                      size="small"
                      icon={<MoreOutlined />}
                      aria-label={`More for ${rule.name}`}
                    />
                  </Dropdown>
                </span>
              );
            },
          },
        ]
      : []),
  ];

  const createButton = mayUpdate ? (
    <Button type="primary" onClick={create}>
      Create rule
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Rules"
        subtitle={storeChooser}
        actions={
          <>
            {mayUpdate && rules && rules.length > 0 ? (
              <Button onClick={() => setRunning(true)}>Run rules…</Button>
            ) : null}
            {createButton}
          </>
        }
      />
      <Typography.Paragraph type="secondary">
        Rules run in priority order, each seeing what the ones before it changed. Drag a row, or use its menu,
        to change the order.
      </Typography.Paragraph>
      {failed ? (
        <Empty description="The rules could not be loaded.">
          <Button onClick={load}>Try again</Button>
        </Empty>
      ) : rules && rules.length === 0 ? (
        <Card>
          <Empty description={EMPTY_RULES_TEXT}>{createButton}</Empty>
        </Card>
      ) : (
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <SortableContext
            items={(rules ?? []).map((rule) => String(rule.id))}
            strategy={verticalListSortingStrategy}
          >
            <Table<RuleDto>
              rowKey={(rule) => String(rule.id)}
              loading={rules === null}
              dataSource={rules ?? []}
              columns={columns}
              pagination={false}
              components={{ body: { row: SortableRuleRow } }}
              onRow={(rule) => ({
                onClick: () => void navigate(routes.ruleDetail(rule.id)),
                style: { cursor: 'pointer' },
              })}
            />
          </SortableContext>
        </DndContext>
      )}
      {running && rules ? (
        <RunRulesDialog storeId={storeId} rules={rules} onClose={() => setRunning(false)} onFinished={load} />
      ) : null}
    </>
  );
}
