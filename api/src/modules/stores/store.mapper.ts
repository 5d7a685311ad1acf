import type { SharedCompanyDto, StoreDto } from '@syncdesk/contracts';
import type { Company, Store, StoreNotification } from '../../db/models';
import { protectPersonalData } from '../../http/personal-data';
import type { RequestScope } from '../../http/request-scope';

export function toStoreDto(
  scope: Pick<RequestScope, 'companyId' | 'dataProtection'>,
  store: Store,
  notifications: StoreNotification[],
): StoreDto {
  const shared = store.company_id !== scope.companyId;
  return {
    id: store.id,
    name: store.name,
    company_id: store.company_id,
    shared,
    // The notification addresses are the owning company's people: a company the store is shared
    // with neither sees nor changes them.
    storeNotifications: shared
      ? []
      : notifications.map((notification) => ({
          id: notification.id,
          email: protectPersonalData(scope, notification.email, 'email'),
        })),
    created_at: store.created_at.toISOString(),
  };
}

export function toSharedCompanyDto(company: Pick<Company, 'id' | 'uuid' | 'name'>): SharedCompanyDto {
  return { id: company.id, uuid: company.uuid, name: company.name };
}
