import type { IpWhitelistDto } from '@syncdesk/contracts';
import type { IpWhitelist } from '../../db/models';

export function toIpWhitelistDto(entry: IpWhitelist): IpWhitelistDto {
  return {
    id: entry.id,
    ip_address: entry.ip_address,
    status: entry.status,
    company_role_id: entry.company_role_id,
    created_at: entry.created_at.toISOString(),
  };
}
