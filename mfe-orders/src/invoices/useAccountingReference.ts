import { useEffect, useState } from 'react';

import type { AccountingAccountDto, AccountingTaxTypeDto } from '@syncdesk/contracts';

import { getAccounts, getTaxTypes } from './invoices.api';

export interface AccountingReference {
  accounts: AccountingAccountDto[];
  taxTypes: AccountingTaxTypeDto[];
  loading: boolean;
}

const NONE: AccountingReference = { accounts: [], taxTypes: [], loading: false };

/** The accounts and tax types of one accounting channel of the store (none until one is chosen). */
export function useAccountingReference(storeId: string, channelId: number | undefined): AccountingReference {
  const [reference, setReference] = useState<AccountingReference>(NONE);
  useEffect(() => {
    if (channelId === undefined) {
      setReference(NONE);
      return undefined;
    }
    let active = true;
    setReference((previous) => ({ ...previous, loading: true }));
    Promise.all([getAccounts(storeId, channelId), getTaxTypes(storeId, channelId)])
      .then(([accounts, taxTypes]) => {
        if (active) setReference({ accounts: accounts.data, taxTypes: taxTypes.data, loading: false });
      })
      .catch(() => active && setReference(NONE));
    return () => {
      active = false;
    };
  }, [storeId, channelId]);
  return reference;
}
