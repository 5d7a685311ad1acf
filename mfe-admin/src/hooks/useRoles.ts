import { useEffect, useState } from 'react';

import type { RoleDto } from '@syncdesk/contracts';

import { listAllRoles } from '../api/roles.api';

/** The company's roles for a role picker; empty while loading (or when roles.read is missing). */
export function useRoles(enabled = true): { roles: RoleDto[]; loading: boolean } {
  const [roles, setRoles] = useState<RoleDto[]>([]);
  const [loading, setLoading] = useState(enabled);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    listAllRoles(controller.signal)
      .then((list) => setRoles(list))
      .catch(() => undefined) // The api client's error handler has notified; the picker stays empty.
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [enabled]);
  return { roles, loading };
}
