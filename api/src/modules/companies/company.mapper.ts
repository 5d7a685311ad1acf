import type { CompanyAccountDto, CompanyDto } from '@syncdesk/contracts';
import type { Company, User } from '../../db/models';
import { protectPersonalData } from '../../http/personal-data';
import type { RequestScope } from '../../http/request-scope';

/** What a CompanyDto needs beyond the company row, loaded in batches by the service. */
export interface CompanyExtras {
  owner: Pick<User, 'name' | 'email'> | null;
  storesCount: number;
  account: CompanyAccountDto;
}

export function toCompanyDto(
  scope: Pick<RequestScope, 'dataProtection'>,
  company: Company,
  extras: CompanyExtras,
): CompanyDto {
  return {
    id: company.id,
    uuid: company.uuid,
    name: company.name,
    owner_name: protectPersonalData(scope, extras.owner?.name ?? null, 'name'),
    owner_email: protectPersonalData(scope, extras.owner?.email ?? null, 'email'),
    stores_count: extras.storesCount,
    // Channels, plugins and webhooks have no tables yet: these counts are 0 until they land.
    channels_count: 0,
    plugins_count: 0,
    webhooks_count: 0,
    creation_source: company.creation_source,
    plan_name: company.plan_name,
    is_active: Boolean(company.is_active),
    account: extras.account,
    created_at: company.created_at.toISOString(),
  };
}
