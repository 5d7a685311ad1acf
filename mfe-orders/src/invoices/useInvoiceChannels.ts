import { useEffect, useState } from 'react';

import type { InvoiceChannelDto } from '@syncdesk/contracts';

import { getInvoiceChannels } from './invoices.api';

/** The store's accounting channels; null until they have loaded. */
export function useInvoiceChannels(storeId: string): InvoiceChannelDto[] | null {
  const [channels, setChannels] = useState<InvoiceChannelDto[] | null>(null);
  useEffect(() => {
    let active = true;
    getInvoiceChannels(storeId)
      .then((loaded) => active && setChannels(loaded))
      .catch(() => active && setChannels([]));
    return () => {
      active = false;
    };
  }, [storeId]);
  return channels;
}
