import { Alert, Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router';

import { PageHeader } from '@syncdesk/web-kit';

import { connectionRoute } from './record-text';
import { RecordTabs } from './RecordTabs';
import { TransactionRecordTable } from './TransactionRecordTable';
import { useRecordSource, type ConnectionKind } from './useRecordSource';

/** `/transactionRecords/stores/{storeId?}/channels/{channelId}` (and `/plugins/{pluginId}`). */
export function ConnectionRecordsPage({ kind }: { kind: ConnectionKind }) {
  const { source, missing, name } = useRecordSource(kind);
  const navigate = useNavigate();
  const noun = kind === 'channel' ? 'channel' : 'plugin';
  const ownPage = source ? connectionRoute(source) : null;
  return (
    <>
      <PageHeader
        title="Transaction records"
        subtitle={name ?? (kind === 'channel' ? 'Channel' : 'Plugin')}
        actions={ownPage ? <Button onClick={() => void navigate(ownPage)}>Open the {noun}</Button> : null}
      />
      <RecordTabs active={kind === 'channel' ? 'channels' : 'plugins'} />
      {source ? (
        <TransactionRecordTable key={`${source.storeId}/${source.connectionId}`} source={source} />
      ) : missing ? (
        <Alert type="warning" showIcon title={`This ${noun} is not in any of your stores.`} />
      ) : (
        <Skeleton active />
      )}
    </>
  );
}
