import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'IP address', dataIndex: 'ip_address' },
  { title: 'Status', dataIndex: 'status' },
];

/** Company settings; the first table there is the IP whitelist. */
export function SettingsPage() {
  return (
    <ListPage title="Settings" subtitle="IP whitelist" columns={COLUMNS} emptyText="No IP addresses listed" />
  );
}
