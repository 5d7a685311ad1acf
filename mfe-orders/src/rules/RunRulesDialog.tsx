import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

import type { RuleDto, RuleRunDto } from '@syncdesk/contracts';

import { triggerRules } from './rules.api';
import { RuleRunProgress } from './RuleRunProgress';
import { isFinished, useRuleRun } from './useRuleRun';

/** Order ids typed as the seller pastes them: one a line, or separated by commas or spaces. */
export function parseOrderIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

interface RunRulesDialogProps {
  storeId: number;
  rules: RuleDto[];
  onClose(): void;
  /** Called once the run ends, so the list's counts refresh. */
  onFinished(): void;
}

/** "Run rules…": the store's rules (or the chosen ones) on orders named by id or in a file. */
export function RunRulesDialog({ storeId, rules, onClose, onFinished }: RunRulesDialogProps) {
  const [orderIds, setOrderIds] = useState('');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [ruleIds, setRuleIds] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [started, setStarted] = useState<RuleRunDto | null>(null);
  const run = useRuleRun(started);
  const finished = run !== null && isFinished(run);
  useEffect(() => {
    if (finished) onFinished();
    // Once per run: the parent's callback may be a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  const start = async () => {
    const ids = parseOrderIds(orderIds);
    const file = files[0]?.originFileObj;
    if (ids.length === 0 && !file) {
      setProblem('Enter order ids or choose a file of order ids.');
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      setStarted(await triggerRules({ storeId, orderIds: ids, file, ruleIds }));
    } catch {
      // The api client's handler has said why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title="Run rules on orders"
      onCancel={onClose}
      footer={
        run ? (
          <Button onClick={onClose}>{isFinished(run) ? 'Close' : 'Close (the run goes on)'}</Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" loading={sending} onClick={() => void start()}>
              Run rules
            </Button>
          </>
        )
      }
    >
      {run ? (
        <RuleRunProgress run={run} />
      ) : (
        <Form layout="vertical">
          <Typography.Paragraph type="secondary">
            The active rules run in priority order, as if the orders had just been imported; a rule that
            already changed an order does not change it twice.
          </Typography.Paragraph>
          <Form.Item
            label="Order ids"
            htmlFor="run-rules-order-ids"
            help={problem ?? 'One a line, or separated by commas.'}
            validateStatus={problem ? 'error' : undefined}
          >
            <Input.TextArea
              id="run-rules-order-ids"
              rows={4}
              value={orderIds}
              onChange={(event) => setOrderIds(event.target.value)}
            />
          </Form.Item>
          <Form.Item label="Or a file of order ids (CSV or TXT, ids in the first column)">
            <Upload
              accept=".csv,.txt"
              maxCount={1}
              fileList={files}
              beforeUpload={() => false}
              onChange={({ fileList }) => setFiles(fileList.slice(-1))}
            >
              <Button icon={<UploadOutlined />}>Choose file</Button>
            </Upload>
          </Form.Item>
          <Form.Item label="Rules" htmlFor="run-rules-rules" help="Leave empty to run every active rule.">
            <Select
              id="run-rules-rules"
              mode="multiple"
              allowClear
              value={ruleIds}
              onChange={setRuleIds}
              options={rules.map((rule) => ({ value: rule.id, label: `${rule.priority}. ${rule.name}` }))}
              placeholder="All active rules"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
