import { Tabs } from 'antd';
import { useNavigate } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

export type RecordTab = 'api' | 'channels' | 'plugins' | 'rules';

/** Where each tab starts: the api's records, the rule-engine logs, or the chooser of a channel or plugin. */
export const RECORD_TAB_ROUTES: Record<RecordTab, string> = {
  api: ROUTE_PATTERNS.apiTransactionRecords,
  channels: ROUTE_PATTERNS.transactionRecords,
  plugins: `${ROUTE_PATTERNS.transactionRecords}?tab=plugins`,
  rules: ROUTE_PATTERNS.ruleTransactionRecords,
};

// Webhook records come with their own issue; their tab is added then.
const ITEMS: { key: RecordTab; label: string }[] = [
  { key: 'channels', label: 'Channels' },
  { key: 'plugins', label: 'Plugins' },
  { key: 'api', label: 'API' },
  { key: 'rules', label: 'Rules' },
];

/** The kinds of transaction records, as tabs that navigate (each tab has its own address). */
export function RecordTabs({ active }: { active: RecordTab }) {
  const navigate = useNavigate();
  return (
    <Tabs
      activeKey={active}
      items={ITEMS}
      onChange={(key) => void navigate(RECORD_TAB_ROUTES[key as RecordTab])}
      style={{ marginBottom: 8 }}
    />
  );
}
