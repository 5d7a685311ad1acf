import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Skeleton } from 'antd';
import { PageHeader } from './PageHeader';

/**
 * Loads the record a detail or edit page is about (`/roles/:roleId`); with no id (a create page)
 * there is nothing to load. A later id replaces an earlier answer that arrives late.
 */
export function useRecord<T>(id: string | undefined, load: (id: string) => Promise<T>) {
  const [record, setRecord] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (id === undefined) return undefined;
    let active = true;
    load(id)
      .then((loaded) => active && setRecord(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [id, load]);
  return { record, setRecord, failed };
}

/** What a record page shows until its record is there: a skeleton, or why it could not load. */
export function RecordLoadState({
  title,
  noun,
  actions,
  failed,
}: {
  title: string;
  /** `role` → 'This role could not be loaded.' */
  noun: string;
  actions?: ReactNode;
  failed: boolean;
}) {
  return (
    <>
      <PageHeader title={title} actions={actions} />
      {failed ? (
        <Alert type="error" showIcon title={`This ${noun} could not be loaded.`} />
      ) : (
        <Skeleton active />
      )}
    </>
  );
}
