import { useEffect, useRef, useState } from 'react';
import { Button, Card, Checkbox, Col, Flex, Form, Input, Modal, Row, Select, Switch, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { RULE_LIMITS, ROUTE_PATTERNS, routes, type RuleDto } from '@syncdesk/contracts';
import {
  applyServerErrors,
  notifySuccess,
  PageHeader,
  RecordLoadState,
  rememberCurrentStore,
  useCan,
  useCurrentStore,
  useRecord,
  useSessionUser,
} from '@syncdesk/web-kit';

import { ActionEditor } from './ActionEditor';
import { BackfillDialog } from './BackfillDialog';
import { ConditionBuilder } from './ConditionBuilder';
import { DryRunPreview } from './DryRunPreview';
import { emptyRuleValues, ruleToFormValues, toRuleInput, type RuleFormValues } from './rule-form';
import { RuleVersionHistory } from './RuleVersionHistory';
import { createRule, getRule, updateRule } from './rules.api';
import { useRuleMeta, type RuleMeta } from './useRuleMeta';

export const LEAVE_UNSAVED_TEXT = 'Leave without saving? Your changes to this rule will be lost.';

/** `/rules/create?store_id=…` and `/rules/{ruleId}`: the rule editor with its live dry run. */
export function RuleEditorPage() {
  const { ruleId } = useParams();
  const { record, setRecord, failed } = useRecord<RuleDto>(ruleId, getRule);
  const { meta, failed: metaFailed } = useRuleMeta();
  const title = ruleId ? 'Rule' : 'Create rule';
  if ((ruleId && !record) || !meta)
    return <RecordLoadState title={title} noun="rule" failed={failed || metaFailed} />;
  return <RuleEditor key={ruleId ?? 'new'} rule={ruleId ? record : null} meta={meta} onSaved={setRecord} />;
}

interface RuleEditorProps {
  rule: RuleDto | null;
  meta: RuleMeta;
  onSaved(rule: RuleDto): void;
}

function RuleEditor({ rule, meta, onSaved }: RuleEditorProps) {
  const user = useSessionUser();
  const can = useCan();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<RuleFormValues>();
  const stores = user?.stores ?? [];
  const linkedStore = Number(searchParams.get('store_id')) || undefined;
  const currentStore = useCurrentStore();
  const [initialValues] = useState<RuleFormValues>(() =>
    rule
      ? ruleToFormValues(rule)
      : emptyRuleValues(linkedStore ?? currentStore?.id ?? (stores.length === 1 ? stores[0]?.id : undefined)),
  );
  const values = (Form.useWatch([], { form, preserve: true }) as RuleFormValues | undefined) ?? initialValues;
  const storeId = rule?.store_id ?? values.store_id;
  const [saving, setSaving] = useState(false);
  const [backfilling, setBackfilling] = useState(false);
  // Bumped by each save, so the history shows the new version.
  const [saves, setSaves] = useState(0);
  const mayUpdate = can('orders.update');
  // Hook-based dialogs render inside the app's providers (theme), unlike the static Modal.confirm.
  const [modal, contextHolder] = Modal.useModal();

  // What was last saved (or loaded), to tell unsaved changes apart.
  const saved = useRef(JSON.stringify(toRuleInput(initialValues, storeId ?? 0)));
  const differs = (current: RuleFormValues) =>
    JSON.stringify(toRuleInput(current, rule?.store_id ?? current.store_id ?? 0)) !== saved.current;
  const dirty = differs(values);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const listPath = `${ROUTE_PATTERNS.rules}${storeId ? `?store_id=${storeId}` : ''}`;
  const leave = () => {
    // Read the form itself: the watched values arrive a tick after the last keystroke.
    if (!differs(form.getFieldsValue(true) as RuleFormValues)) {
      void navigate(listPath);
      return;
    }
    void modal.confirm({
      title: LEAVE_UNSAVED_TEXT,
      okText: 'Leave',
      cancelText: 'Stay',
      onOk: () => void navigate(listPath),
    });
  };

  const save = async () => {
    const current = form.getFieldsValue(true) as RuleFormValues;
    const target = rule?.store_id ?? current.store_id;
    if (!target) {
      form.setFields([{ name: 'store_id', errors: ['Choose a store.'] }]);
      return;
    }
    const input = toRuleInput(current, target);
    setSaving(true);
    try {
      const result = rule ? await updateRule(rule.id, input) : await createRule(input);
      saved.current = JSON.stringify(toRuleInput(current, target));
      // The store the seller just worked in is the one the rules list (and every area) opens on.
      rememberCurrentStore(user, target);
      if (rule) {
        notifySuccess(`Saved the rule “${result.name}”.`);
        onSaved(result);
        setSaves((count) => count + 1);
      } else {
        notifySuccess(`Created the rule “${result.name}”.`);
        void navigate(routes.ruleDetail(result.id), { replace: true });
      }
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title={rule ? rule.name : 'Create rule'}
        subtitle={
          rule
            ? `${rule.store_name} · priority ${rule.priority} · version ${rule.version}`
            : 'A rule acts on orders that meet its conditions, at the moments you choose.'
        }
        actions={
          <>
            <Button onClick={leave}>Back to rules</Button>
            {rule && mayUpdate ? <Button onClick={() => setBackfilling(true)}>Backfill…</Button> : null}
            {mayUpdate ? (
              <Button type="primary" loading={saving} onClick={() => void save()}>
                {rule ? 'Save' : 'Create rule'}
              </Button>
            ) : null}
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Form<RuleFormValues>
            form={form}
            layout="vertical"
            initialValues={initialValues}
            disabled={!mayUpdate}
            onFinish={() => void save()}
          >
            <Flex vertical gap={16}>
              <Card size="small" title="Rule">
                <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Enter a name.' }]}>
                  <Input maxLength={RULE_LIMITS.nameMax} />
                </Form.Item>
                {rule ? null : (
                  <Form.Item
                    name="store_id"
                    label="Store"
                    rules={[{ required: true, message: 'Choose a store.' }]}
                  >
                    <Select options={stores.map((store) => ({ value: store.id, label: store.name }))} />
                  </Form.Item>
                )}
                <Form.Item name="is_active" label="Active" valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Card>
              <Card size="small" title="When">
                <Form.Item name="trigger_events" label="Trigger events" style={{ marginBottom: 0 }}>
                  <Checkbox.Group>
                    <Flex vertical gap={4}>
                      {meta.triggerEvents.map((event) => (
                        <Checkbox key={event.key} value={event.key}>
                          {event.label}{' '}
                          <Typography.Text type="secondary">— {event.description}</Typography.Text>
                        </Checkbox>
                      ))}
                    </Flex>
                  </Checkbox.Group>
                </Form.Item>
              </Card>
              <Card size="small" title="If">
                <ConditionBuilder form={form} fields={meta.conditionFields} />
              </Card>
              <Card size="small" title="Then">
                <ActionEditor form={form} actions={meta.actions} />
              </Card>
            </Flex>
            {/* Enter in a text field saves, as in the other forms. */}
            <button type="submit" hidden aria-hidden />
          </Form>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <DryRunPreview storeId={storeId} values={values} />
            {rule ? (
              <Card size="small" title="History">
                <RuleVersionHistory ruleId={String(rule.id)} version={saves} />
              </Card>
            ) : null}
          </Flex>
        </Col>
      </Row>
      {contextHolder}
      {backfilling && rule ? <BackfillDialog rule={rule} onClose={() => setBackfilling(false)} /> : null}
    </>
  );
}
