import { z } from 'zod';
import { isIP } from './ip-address';

export interface IpWhitelistDto {
  id: number;
  ip_address: string;
  /** IP_WHITELIST_STATUS: 0 disabled, 1 allowed, 2 blocked. */
  status: 0 | 1 | 2;
  /** Null for a company-wide entry; a role id for an entry that applies to that role only. */
  company_role_id: number | null;
  created_at: string;
}

/** An IPv4/IPv6 address, or a CIDR range of one (`203.0.113.0/24`). */
export const ipAddressSchema = z
  .string({ error: 'The ip address field is required.' })
  .trim()
  .refine(isIP, 'The ip address must be a valid IP address or CIDR range.');

export const createIpWhitelistSchema = z.object({
  ip_address: ipAddressSchema,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'The status must be 0, 1 or 2.' }),
  company_role_id: z.number().int().positive().nullable().optional(),
});
export type CreateIpWhitelistInput = z.infer<typeof createIpWhitelistSchema>;

export const updateIpWhitelistSchema = z.object({
  ip_address: ipAddressSchema.optional(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
export type UpdateIpWhitelistInput = z.infer<typeof updateIpWhitelistSchema>;
