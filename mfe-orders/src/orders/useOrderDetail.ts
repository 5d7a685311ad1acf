import { useCallback, useEffect, useRef, useState } from 'react';

import type { OrderDetailDto } from '@syncdesk/contracts';

import { getOrder } from './orders.api';

/**
 * The order a detail page shows, reloadable in place: a live event or an action refetches it
 * without blanking the page (the old figures stay until the new ones arrive), and an answer that
 * arrives after a newer request started is dropped.
 */
export function useOrderDetail(storeId: string, orderId: string) {
  const [order, setOrder] = useState<OrderDetailDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    getOrder(storeId, orderId)
      .then((loaded) => {
        if (request !== latest.current) return;
        setOrder(loaded);
        setFailed(false);
      })
      .catch(() => request === latest.current && setFailed(true));
    return () => {
      latest.current += 1;
    };
  }, [storeId, orderId, version]);

  const reload = useCallback(() => setVersion((count) => count + 1), []);
  return { order, failed, reload, version };
}
