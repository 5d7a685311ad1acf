import { z } from 'zod';
import { findCatalogueEntry } from '../channels/catalogue/channel-catalogue';
import type { Tone } from '../vocabulary';
import type { HostedPageStyles } from '../constants';
import { hostedAssetUrlSchema, hostedPageStylesSchema } from './hosted-page.styles';

/**
 * A hosted-page link: a token a seller hands to someone without an account, who then connects
 * channels of the offered types to the link's store (platform-shell §1, §3).
 */

/** Where a link stands: usable, past its expiry, or withdrawn by the seller. */
export const HOSTED_PAGE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type HostedPageLinkStatus = (typeof HOSTED_PAGE_LINK_STATUSES)[number];

export const HOSTED_PAGE_LINK_STATUS_DISPLAY: Readonly<
  Record<HostedPageLinkStatus, { label: string; tone: Tone }>
> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'error' },
};

/** A channel connected through a link, as the seller sees it in the link's detail. */
export interface HostedPageConnectedChannelDto {
  id: number;
  name: string;
  type: string;
  provider: string;
  is_active: boolean;
  authorized_at: string | null;
  created_at: string;
}

/** `GET hostedPages/list`, `POST hostedPages/create`. */
export interface HostedPageLinkDto {
  id: number;
  name: string;
  store_id: number;
  store_name: string;
  /** Catalogue slugs of the channel types the page offers. */
  channel_types: string[];
  expires_at: string;
  revoked_at: string | null;
  status: HostedPageLinkStatus;
  /**
   * The link to hand out (`{APP_URL}/hostedPages/{token}`); the token is kept encrypted so the
   * seller can copy it again. Null while revoked or expired (it opens nothing).
   */
  url: string | null;
  channels_count: number;
  last_used_at: string | null;
  created_at: string;
}

/** `GET hostedPages/links/{id}`: the link and the channels connected through it. */
export interface HostedPageLinkDetailDto extends HostedPageLinkDto {
  channels: HostedPageConnectedChannelDto[];
}

/** `GET hostedPages/auth/me`: what the page shows to the visitor (spec §3 "Hosted page user"). */
export interface HostedPageUserDto {
  /** The logo to show: the uploaded one (served by the api) or the seller's https url; null: none. */
  logo_url: string | null;
  styles: HostedPageStyles;
  store_name: string;
  company_name: string;
  /** Catalogue slugs of the channel types the visitor may connect. */
  channel_types: string[];
  expires_at: string;
}

/** `GET /hostedPagesSettings`: the company's hosted-page look, for the settings screen. */
export interface HostedPageSettingsDto {
  logo_url: string | null;
  /** `upload`: an image stored with us; `url`: the seller's own https address; null: no logo. */
  logo_source: 'upload' | 'url' | null;
  styles: HostedPageStyles;
}

/** Uploaded logos: image types recognised by their first bytes, never by name or header. */
export const HOSTED_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type HostedLogoType = (typeof HOSTED_LOGO_TYPES)[number];
export const HOSTED_LOGO_MAX_BYTES = 512 * 1024;
export const HOSTED_LOGO_MESSAGES = {
  type: 'The logo must be a PNG, JPEG, GIF or WebP image.',
  size: `The logo may not be greater than ${HOSTED_LOGO_MAX_BYTES / 1024} kilobytes.`,
  empty: 'The logo file is empty.',
} as const;

/** How long a link may be made to last at most. */
export const HOSTED_PAGE_MAX_LIFETIME_DAYS = 365;
/** What the create form proposes. */
export const HOSTED_PAGE_DEFAULT_LIFETIME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Channel types a link may offer: sales channels the catalogue can connect today. */
export function isOfferableChannelType(type: string): boolean {
  const entry = findCatalogueEntry(type);
  return entry !== undefined && entry.kind === 'channel' && entry.active;
}

export const createHostedPageSchema = z.object({
  store_id: z
    .number({ error: 'The store field is required.' })
    .int('The store field is required.')
    .positive('The store field is required.'),
  name: z
    .string({ error: 'The name must be text.' })
    .trim()
    .max(120, 'The name may not be greater than 120 characters.')
    .optional(),
  channel_types: z
    .array(z.string({ error: 'The channel types must be a list of channel types.' }), {
      error: 'Choose at least one channel type.',
    })
    .min(1, 'Choose at least one channel type.')
    .max(200, 'No more than 200 channel types can be offered.')
    .transform((types) => [...new Set(types)])
    .refine((types) => types.every(isOfferableChannelType), {
      message: 'The channel types must be channels that can be connected.',
    }),
  expires_at: z
    .string({ error: 'The expiry field is required.' })
    .refine((value) => !Number.isNaN(Date.parse(value)), 'The expiry must be a date and time.')
    .refine((value) => Date.parse(value) > Date.now(), 'The expiry must be in the future.')
    .refine(
      (value) => Date.parse(value) <= Date.now() + HOSTED_PAGE_MAX_LIFETIME_DAYS * DAY_MS,
      `The expiry may not be more than ${HOSTED_PAGE_MAX_LIFETIME_DAYS} days away.`,
    ),
});
export type CreateHostedPageInput = z.infer<typeof createHostedPageSchema>;

/**
 * `PUT /hostedPagesSettings`. `styles` may be partial (the rest is kept). `logo_url`: a string
 * sets an external logo (replacing an uploaded one), null or '' removes the logo, absent keeps it.
 */
export const hostedPageSettingsSchema = z.object({
  logo_url: z
    .preprocess((value) => (value === '' ? null : value), hostedAssetUrlSchema('logo URL').nullable())
    .optional(),
  styles: hostedPageStylesSchema.partial().optional(),
});
export type HostedPageSettingsInput = z.infer<typeof hostedPageSettingsSchema>;

/** `POST activities` from a hosted page: the page the visitor opened (relative path). */
export const hostedPageActivitySchema = z.object({
  path: z
    .string({ error: 'The path field is required.' })
    .trim()
    .min(1, 'The path field is required.')
    .max(500, 'The path may not be greater than 500 characters.')
    .regex(/^\/(?!\/)/, 'The path must be a path of this site.'),
});
export type HostedPageActivityInput = z.infer<typeof hostedPageActivitySchema>;

/** `POST hostedPages/channels`: the settings form's flat values plus the type to connect. */
export const HOSTED_CHANNEL_TYPE_FIELD = 'channel_type';
