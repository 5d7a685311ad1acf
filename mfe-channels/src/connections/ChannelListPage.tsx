import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Flex, Select, Skeleton, Tabs, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';

import { ROUTE_PATTERNS, type ChannelCatalogueEntry, type StoreDto } from '@syncdesk/contracts';
import { PageHeader, useSessionUser } from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';
import { ChannelPicker } from './ChannelPicker';
import { CONNECTION_KINDS, CONNECTION_TABS, kindOfTab } from './connection-kinds';
import { getStores } from './connections.api';
import { ConnectionTable } from './ConnectionTable';
import { lastStoreStorageKey, openingStore, readLastStore, rememberLastStore } from './opening-store';

/**
 * `/channels`: a store's channels, accounting channels and plugins, one tab each. The store and
 * the tab live in the query string (`?store=11&tab=plugins`) so a reload or a shared link opens
 * the same view. Without a store in the link, the page opens on the store this user chose last,
 * else on one that has channels (`openingStore`).
 */
export function ChannelListPage() {
  const can = useCan();
  const navigate = useNavigate();
  const user = useSessionUser();
  const storageKey = user ? lastStoreStorageKey(user) : null;
  const [searchParams, setSearchParams] = useSearchParams();
  const [stores, setStores] = useState<StoreDto[] | null>(null);
  const [openingId, setOpeningId] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  // The store the link named when the page opened; later choices go through `select`.
  const [linkedStoreId] = useState(() => searchParams.get('store'));

  useEffect(() => {
    let active = true;
    getStores()
      .then(async (loaded) => {
        const linked = loaded.find((candidate) => String(candidate.id) === linkedStoreId);
        // A store named in the link (a shared link, the way back from a connection) counts as chosen.
        if (linked) rememberLastStore(storageKey, linked.id);
        const opening = linked ?? (await openingStore(loaded, readLastStore(storageKey)));
        if (!active) return;
        setOpeningId(opening?.id ?? null);
        setStores(loaded);
        // The link names the store shown, so a reload or a copied link opens the same view.
        if (opening && !linked)
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('store', String(opening.id));
              return next;
            },
            { replace: true },
          );
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [linkedStoreId, storageKey, setSearchParams]);

  const config = kindOfTab(searchParams.get('tab'));
  const store =
    stores?.find((candidate) => String(candidate.id) === searchParams.get('store')) ??
    stores?.find((candidate) => candidate.id === openingId) ??
    stores?.[0];
  const select = (next: { store?: number; tab?: string }) => {
    // A store picked in the list is the one to open next time; the page's own guess is not.
    if (next.store !== undefined) rememberLastStore(storageKey, next.store);
    setSearchParams(
      { store: String(next.store ?? store?.id ?? ''), tab: next.tab ?? config.tab },
      { replace: true },
    );
  };

  const pick = (entry: ChannelCatalogueEntry) => {
    if (!store) return;
    setPickerOpen(false);
    void navigate(CONNECTION_KINDS[entry.kind].createRoute(store.id, entry.slug));
  };

  const header = (
    <PageHeader
      title="Channels"
      subtitle="Sales channels, accounting channels and plugins connected to a store."
      actions={
        store && can('channels.create') ? (
          <Button type="primary" onClick={() => setPickerOpen(true)}>
            {config.addLabel}
          </Button>
        ) : null
      }
    />
  );

  if (failed)
    return (
      <>
        {header}
        <Alert type="error" showIcon title="The stores could not be loaded." />
      </>
    );
  if (!stores)
    return (
      <>
        {header}
        <Skeleton active />
      </>
    );
  if (!store)
    return (
      <>
        {header}
        <Empty description="Connect channels to a store: create your first store.">
          {can('stores.create') ? (
            <Button type="primary" onClick={() => void navigate(ROUTE_PATTERNS.storeCreate)}>
              Create store
            </Button>
          ) : null}
        </Empty>
      </>
    );

  return (
    <>
      {header}
      <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text id="channels-store-label">Store</Typography.Text>
        <Select
          aria-labelledby="channels-store-label"
          value={store.id}
          onChange={(id: number) => select({ store: id })}
          options={stores.map((candidate) => ({
            value: candidate.id,
            label: candidate.shared ? `${candidate.name} (shared)` : candidate.name,
          }))}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 240 }}
        />
      </Flex>
      <Tabs
        activeKey={config.tab}
        onChange={(tab) => select({ tab })}
        destroyOnHidden
        items={CONNECTION_TABS.map((tab) => ({
          key: tab.tab,
          label: tab.title,
          children: (
            <ConnectionTable
              // A new store starts on page 1 with no search.
              key={`${tab.tab}-${store.id}`}
              config={tab}
              storeId={store.id}
              onAdd={() => setPickerOpen(true)}
            />
          ),
        }))}
      />
      <ChannelPicker open={pickerOpen} config={config} onClose={() => setPickerOpen(false)} onPick={pick} />
    </>
  );
}
