import { useCallback, useEffect, useMemo, useState } from 'react';

import { activitySentence, type ActivityDto, type ActivitySentenceContext } from '@syncdesk/contracts';
import { DataTable, formatDate, useListQuery, useSessionUser, type DataTableColumn } from '@syncdesk/web-kit';

import { ACTIVITIES_PATH } from '../../api/account.api';
import { StockChangeEntries } from './StockChangeEntries';
import { listUsers } from '../../api/users.api';
import { useCan } from '../../hooks/useCan';
import { useRoles } from '../../hooks/useRoles';

const VIA_LABELS: Readonly<Record<string, string>> = {
  web: 'Web',
  api: 'API',
  system: 'System',
  hosted_page: 'Hosted page',
  import: 'Import',
  order: 'Order',
  cancellation: 'Order cancelled',
  plugin: 'Plugin',
  manual: 'Manual',
};

function viaLabel(activity: ActivityDto): string {
  if (activity.source === 'api_token') return 'API token';
  return VIA_LABELS[activity.via] ?? activity.via;
}

/**
 * Names by id for the sentences whose record doesn't carry them: an update records only what
 * changed, so 'changed Uma User's role' needs the user's name from the members list. Stores and the
 * current company come from the session; users and roles are fetched once (roles only with
 * roles.read). A subject that can't be named reads as its id ('user #5').
 */
function useSubjectNames(): (activity: ActivityDto) => ActivitySentenceContext {
  const me = useSessionUser();
  const can = useCan();
  const { roles } = useRoles(can('roles.read'));
  const [users, setUsers] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    const controller = new AbortController();
    listUsers(controller.signal)
      .then((list) => setUsers(new Map(list.map((user) => [user.id, user.name]))))
      .catch(() => undefined); // The api client's handler has notified; sentences fall back to ids.
    return () => controller.abort();
  }, []);
  const names = useMemo(() => {
    const byType: Record<string, ReadonlyMap<number, string>> = {
      user: users,
      role: new Map(roles.map((role) => [role.id, role.name])),
      store: new Map((me?.stores ?? []).map((store) => [store.id, store.name])),
      company: new Map(me ? [[me.company_id, me.company]] : []),
    };
    return byType;
  }, [me, roles, users]);
  return useCallback(
    (activity: ActivityDto) => ({
      subjectName:
        activity.subject_id === null
          ? null
          : (names[activity.subject_type]?.get(activity.subject_id) ?? null),
      storeName: (storeId: number) => names.store?.get(storeId),
    }),
    [names],
  );
}

/** Who changed what in the company, newest first, each as a sentence. */
export function ActivitySettings() {
  const query = useListQuery<ActivityDto>(ACTIVITIES_PATH, {
    initialParams: { sort_by: 'created_at', sort_direction: 'desc' },
  });
  const contextOf = useSubjectNames();
  const columns: DataTableColumn<ActivityDto>[] = [
    {
      key: 'created_at',
      title: 'Date',
      dataIndex: 'created_at',
      sorter: true,
      width: 210,
      render: (value: string) => formatDate(value),
    },
    {
      key: 'activity',
      title: 'Activity',
      // One stock change of many products is one line: its entries open under it.
      render: (_value, activity) =>
        activity.change && activity.change.count > 1 ? (
          <StockChangeEntries activity={activity} change={activity.change} />
        ) : (
          activitySentence(activity, contextOf(activity))
        ),
    },
    { key: 'via', title: 'Via', width: 110, render: (_value, activity) => viaLabel(activity) },
  ];
  return (
    <DataTable
      tableKey="admin.activities"
      label="Activity"
      query={query}
      columns={columns}
      searchPlaceholder="Search activity"
      emptyText="No activity yet"
    />
  );
}
