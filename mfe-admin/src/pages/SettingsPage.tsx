import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@syncdesk/web-kit';

import { ActivitySettings } from '../components/settings/ActivitySettings';
import { ApiTokenSettings } from '../components/settings/ApiTokenSettings';
import { IpWhitelistSettings } from '../components/settings/IpWhitelistSettings';
import { PasswordSettings } from '../components/settings/PasswordSettings';
import { ProfileSettings } from '../components/settings/ProfileSettings';
import { useCan } from '../hooks/useCan';

/** Account and company settings; the open tab is kept in `?tab=` so it can be linked and survives a reload. */
export function SettingsPage() {
  const can = useCan();
  const [searchParams, setSearchParams] = useSearchParams();
  const items = [
    { key: 'profile', label: 'Profile', children: <ProfileSettings /> },
    { key: 'password', label: 'Password', children: <PasswordSettings /> },
    ...(can('general.read')
      ? [{ key: 'ip-whitelist', label: 'IP whitelist', children: <IpWhitelistSettings /> }]
      : []),
    { key: 'api-tokens', label: 'API tokens', children: <ApiTokenSettings /> },
    ...(can('users.read') ? [{ key: 'activity', label: 'Activity', children: <ActivitySettings /> }] : []),
  ];
  const requested = searchParams.get('tab');
  const active = items.some((item) => item.key === requested) ? (requested as string) : 'profile';

  return (
    <>
      <PageHeader title="Settings" />
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        items={items}
        destroyOnHidden
      />
    </>
  );
}
