import { useEffect, useState } from 'react';
import { Alert, Card, Empty, Flex, Select, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';

import { PageHeader, useSessionUser } from '@syncdesk/web-kit';

import { recordListRoute } from './record-text';
import { RecordTabs } from './RecordTabs';
import { TransactionRecordTable } from './TransactionRecordTable';
import { getStoreConnections } from './transaction-records.api';

/**
 * `/transactionRecords`: the channels tab (or plugins, with `?tab=plugins`) asks whose records to
 * read, a store and then one of its channels or plugins.
 */
export function TransactionRecordsPage() {
  const [search] = useSearchParams();
  const kind = search.get('tab') === 'plugins' ? 'plugin' : 'channel';
  return (
    <>
      <PageHeader title="Transaction records" subtitle="Every call made to your channels and plugins" />
      <RecordTabs active={kind === 'plugin' ? 'plugins' : 'channels'} />
      <ConnectionChooser key={kind} kind={kind} />
    </>
  );
}

/** `/transactionRecords/apiTransactionRecords`: the calls made to Syncdesk's own api. */
export function ApiTransactionRecordsPage() {
  return (
    <>
      <PageHeader title="Transaction records" subtitle="Calls made to the Syncdesk api" />
      <RecordTabs active="api" />
      <TransactionRecordTable source={{ kind: 'api' }} />
    </>
  );
}

function ConnectionChooser({ kind }: { kind: 'channel' | 'plugin' }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const stores = user?.stores ?? [];
  const [storeId, setStoreId] = useState<number | undefined>(stores.length === 1 ? stores[0]?.id : undefined);
  const [connections, setConnections] = useState<{ id: number; name: string }[] | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const noun = kind === 'channel' ? 'channel' : 'plugin';

  useEffect(() => {
    if (storeId === undefined) return undefined;
    let active = true;
    setConnections(null);
    setUnreadable(false);
    getStoreConnections(kind, storeId)
      .then((loaded) => active && setConnections(loaded))
      .catch(() => {
        if (!active) return;
        setConnections([]);
        setUnreadable(true);
      });
    return () => {
      active = false;
    };
  }, [kind, storeId]);

  if (stores.length === 0) {
    return (
      <Card>
        <Empty description="You have no store yet. Create a store and connect a channel to see its calls here." />
      </Card>
    );
  }

  return (
    <Card>
      <Flex vertical gap={8} style={{ maxWidth: 420 }}>
        <Typography.Text>Choose a store and a {noun} to read its transaction records.</Typography.Text>
        {stores.length > 1 ? (
          <>
            <Typography.Text id="records-store-label">Store</Typography.Text>
            <Select<number>
              aria-labelledby="records-store-label"
              placeholder="Choose a store"
              value={storeId}
              options={stores.map((store) => ({ value: store.id, label: store.name }))}
              onChange={setStoreId}
            />
          </>
        ) : null}
        {storeId !== undefined ? (
          unreadable ? (
            <Alert
              type="warning"
              showIcon
              title={`This store's ${noun}s could not be listed. Open a ${noun}'s records from its own page instead.`}
            />
          ) : connections !== null && connections.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={`This store has no ${noun}s yet. Connect one from Channels to see its calls here.`}
            />
          ) : (
            <>
              <Typography.Text id="records-connection-label">
                {kind === 'channel' ? 'Channel' : 'Plugin'}
              </Typography.Text>
              <Select<number>
                aria-labelledby="records-connection-label"
                placeholder={`Choose a ${noun}`}
                loading={connections === null}
                showSearch={{ optionFilterProp: 'label' }}
                options={(connections ?? []).map((connection) => ({
                  value: connection.id,
                  label: connection.name,
                }))}
                onChange={(connectionId) => void navigate(recordListRoute({ kind, storeId, connectionId }))}
              />
            </>
          )
        ) : null}
      </Flex>
    </Card>
  );
}
