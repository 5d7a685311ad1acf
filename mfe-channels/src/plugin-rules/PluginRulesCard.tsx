import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Modal, Popconfirm, Skeleton, Space, Switch, Table } from 'antd';

import {
  describeAction,
  describeCondition,
  SUCCESS_MESSAGES,
  type PluginRuleDto,
  type PluginRuleInput,
  type RouteParam,
} from '@syncdesk/contracts';
import { notifySuccess } from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';
import { PluginRuleForm } from './PluginRuleForm';
import {
  createPluginRule,
  deletePluginRule,
  getOrderRuleVocabulary,
  listPluginRules,
  setPluginRuleActive,
  updatePluginRule,
  type ActionOption,
  type ConditionFieldOption,
} from './plugin-rules.api';

export const PLUGIN_RULES_EMPTY =
  "No plugin rules. They run on orders as they are sent to this plugin, after the store's rules.";

type Vocabulary = { fields: ConditionFieldOption[]; actions: ActionOption[] };

const byStep = (a: PluginRuleDto, b: PluginRuleDto) => a.execution_step - b.execution_step || a.id - b.id;

/**
 * The rules of one plugin, inside its page: one condition and one action each, run in step order
 * on the orders sent to it. Reading needs channels.read (the page's own); changing needs
 * channels.update, and its controls are hidden without it.
 */
export function PluginRulesCard({ storeId, pluginId }: { storeId: RouteParam; pluginId: RouteParam }) {
  const can = useCan();
  const writable = can('channels.update');
  const [rules, setRules] = useState<PluginRuleDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<PluginRuleDto | 'new' | null>(null);
  const [vocabulary, setVocabulary] = useState<Vocabulary | 'failed' | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    let active = true;
    listPluginRules(storeId, pluginId)
      .then((loaded) => {
        if (!active) return;
        setRules([...loaded].sort(byStep));
        setFailed(false);
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [storeId, pluginId, version]);

  // The fields and actions are needed only once someone adds or edits a rule.
  useEffect(() => {
    if (editing === null || vocabulary !== null) return undefined;
    let active = true;
    getOrderRuleVocabulary()
      .then((loaded) => active && setVocabulary(loaded))
      .catch(() => active && setVocabulary('failed'));
    return () => {
      active = false;
    };
  }, [editing, vocabulary]);

  const toggle = async (rule: PluginRuleDto, isActive: boolean) => {
    setSwitching(rule.id);
    try {
      const saved = await setPluginRuleActive(storeId, pluginId, rule.id, isActive);
      setRules((current) =>
        (current ?? []).map((entry) =>
          entry.id === rule.id ? (saved ?? { ...entry, is_active: isActive }) : entry,
        ),
      );
      notifySuccess(SUCCESS_MESSAGES.updated);
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setSwitching(null);
    }
  };

  const remove = async (rule: PluginRuleDto) => {
    try {
      await deletePluginRule(storeId, pluginId, rule.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const save = async (input: PluginRuleInput) => {
    if (editing === 'new') {
      await createPluginRule(storeId, pluginId, input);
      notifySuccess(SUCCESS_MESSAGES.created);
    } else if (editing) {
      await updatePluginRule(storeId, pluginId, editing.id, input);
      notifySuccess(SUCCESS_MESSAGES.updated);
    }
    setEditing(null);
    reload();
  };

  const nextStep = Math.max(0, ...(rules ?? []).map((rule) => rule.execution_step)) + 1;

  return (
    <Card
      title="Plugin rules"
      extra={
        writable ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            Add rule
          </Button>
        ) : null
      }
    >
      {failed ? (
        <Alert type="warning" showIcon title="The plugin rules could not be loaded." />
      ) : rules === null ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : rules.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PLUGIN_RULES_EMPTY} />
      ) : (
        <Table<PluginRuleDto>
          aria-label="Plugin rules"
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rules}
          columns={[
            { key: 'step', title: 'Step', dataIndex: 'execution_step', width: 70 },
            { key: 'name', title: 'Name', dataIndex: 'name' },
            {
              key: 'condition',
              title: 'Condition',
              render: (_, rule) =>
                describeCondition({
                  field: rule.condition_field,
                  operator: rule.condition_operator,
                  value: rule.condition_value,
                }),
            },
            {
              key: 'action',
              title: 'Action',
              render: (_, rule) => describeAction({ action: rule.action_name, value: rule.action_value }),
            },
            {
              key: 'active',
              title: 'Active',
              render: (_, rule) => (
                <Switch
                  aria-label={`${rule.name} active`}
                  checked={rule.is_active}
                  loading={switching === rule.id}
                  disabled={!writable}
                  onChange={(checked) => void toggle(rule, checked)}
                />
              ),
            },
            ...(writable
              ? [
                  {
                    key: 'actions',
                    title: '',
                    render: (_: unknown, rule: PluginRuleDto) => (
                      <Space size={4}>
                        <Button size="small" onClick={() => setEditing(rule)}>
                          Edit
                        </Button>
                        <Popconfirm
                          title={`Delete the rule ${rule.name}?`}
                          description="Orders sent to this plugin from now on no longer run it."
                          okText="Delete"
                          okButtonProps={{ danger: true }}
                          onConfirm={() => remove(rule)}
                        >
                          <Button size="small" danger>
                            Delete
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Add plugin rule' : 'Edit plugin rule'}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing === null ? null : vocabulary === 'failed' ? (
          <Alert type="error" showIcon title="The conditions and actions could not be loaded." />
        ) : vocabulary === null ? (
          <Skeleton active />
        ) : (
          <PluginRuleForm
            rule={editing === 'new' ? null : editing}
            nextStep={nextStep}
            fields={vocabulary.fields}
            actions={vocabulary.actions}
            save={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Card>
  );
}
