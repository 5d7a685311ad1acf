import { useCallback, useEffect, useRef, useState } from 'react';

import type { ProductDetailDto } from '@syncdesk/contracts';

import { getProduct } from './products.api';

/**
 * The product a detail page shows, reloadable in place: a live event refetches it without
 * blanking the page (the old figures stay until the new ones arrive), and an answer that arrives
 * after a newer request started is dropped.
 */
export function useProductDetail(storeId: string, productId: string) {
  const [product, setProduct] = useState<ProductDetailDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    getProduct(storeId, productId)
      .then((loaded) => {
        if (request !== latest.current) return;
        setProduct(loaded);
        setFailed(false);
      })
      .catch(() => request === latest.current && setFailed(true));
    return () => {
      // A page left (or a newer request) makes this answer stale.
      latest.current += 1;
    };
  }, [storeId, productId, version]);

  const reload = useCallback(() => setVersion((count) => count + 1), []);
  return { product, setProduct, failed, reload };
}
