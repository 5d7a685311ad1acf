import { useCallback, useEffect, useRef, useState } from 'react';

import type { ConfirmationOrderDetailDto, ConfirmationOrderItemDto } from '@syncdesk/contracts';

import { getConfirmationOrder, getConfirmationOrderItems } from './confirmation-orders.api';

/**
 * The confirmation order and its items, loaded together and reloadable in place (the old figures
 * stay until the new ones arrive); an answer that arrives after a newer request started is dropped.
 */
export function useConfirmationOrder(storeId: string, id: string) {
  const [order, setOrder] = useState<ConfirmationOrderDetailDto | null>(null);
  const [items, setItems] = useState<ConfirmationOrderItemDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    Promise.all([getConfirmationOrder(storeId, id), getConfirmationOrderItems(storeId, id)])
      .then(([loaded, loadedItems]) => {
        if (request !== latest.current) return;
        setOrder(loaded);
        setItems(loadedItems);
        setFailed(false);
      })
      .catch(() => request === latest.current && setFailed(true));
    return () => {
      latest.current += 1;
    };
  }, [storeId, id, version]);

  const reload = useCallback(() => setVersion((count) => count + 1), []);
  return { order, setOrder, items, setItems, failed, reload };
}
