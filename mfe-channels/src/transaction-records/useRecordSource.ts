import { useEffect, useState } from 'react';
import { useParams } from 'react-router';

import { quietApiClient, useSessionUser } from '@syncdesk/web-kit';

import { findConnectionStore, type RecordSource } from './transaction-records.api';

export type ConnectionKind = 'channel' | 'plugin';

export interface RecordSourceState {
  /** Null while the store of a path without one is looked up, or when no store holds it. */
  source: Extract<RecordSource, { kind: ConnectionKind }> | null;
  /** True when none of the user's stores holds the channel or plugin. */
  missing: boolean;
  /** The channel's or plugin's name once loaded (the page heading). */
  name: string | null;
}

/**
 * The channel or plugin a records path is about. The store may be left out of the path (a link
 * from somewhere that only knows the channel): then it is the store among the user's that holds it.
 */
export function useRecordSource(kind: ConnectionKind): RecordSourceState {
  const params = useParams();
  const connectionId = (kind === 'channel' ? params.channelId : params.pluginId) ?? '';
  const user = useSessionUser();
  const storeIds = (user?.stores ?? []).map((store) => store.id);
  const storeKey = storeIds.join(',');
  const [foundStore, setFoundStore] = useState<{ id: number | null } | null>(null);
  const [name, setName] = useState<string | null>(null);
  const storeId = params.storeId ?? (foundStore?.id != null ? String(foundStore.id) : undefined);

  useEffect(() => {
    if (params.storeId || !connectionId) return undefined;
    let active = true;
    const candidates = storeKey ? storeKey.split(',').map(Number) : [];
    void findConnectionStore(kind, connectionId, candidates).then((id) => active && setFoundStore({ id }));
    return () => {
      active = false;
    };
  }, [kind, connectionId, params.storeId, storeKey]);

  useEffect(() => {
    if (!storeId || !connectionId) return undefined;
    let active = true;
    const segment = kind === 'channel' ? 'channels' : 'plugins';
    // Quiet: someone who may read the records but not the connection still reads the records.
    quietApiClient
      .get<{ data: { name: string } }>(`/stores/${storeId}/${segment}/${connectionId}`)
      .then((body) => active && setName(body?.data?.name ?? null))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [kind, storeId, connectionId]);

  return {
    source: storeId && connectionId ? { kind, storeId, connectionId } : null,
    missing: !connectionId || (!params.storeId && foundStore !== null && foundStore.id === null),
    name,
  };
}
