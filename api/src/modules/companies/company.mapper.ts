import type { CompanyAccountDto, CompanyDto } from '@syncdesk/contracts';
import type { Company, User } from '../../db/models';
import { protectPersonalData } from '../../http/personal-data';
import type { RequestScope } from '../../http/request-scope';

/** What a CompanyDto needs beyond the company row, loaded in batches by the service. */
export interface CompanyExtras {
  owner: Pick<User, 'name' | 'email'> | null;
  storesCount: number;
  /** Sales channels and plugins of the company's own stores. */
  channelsCount: number;
  pluginsCount: number;
  /** Webhooks of the company's own stores. */
  webhooksCount: number;
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
    channels_count: extras.channelsCount,
    plugins_count: extras.pluginsCount,
    webhooks_count: extras.webhooksCount,
    creation_source: company.creation_source,
    plan_name: company.plan_name,
    is_active: Boolean(company.is_active),
    account: extras.account,
    created_at: company.created_at.toISOString(),
  };
}
