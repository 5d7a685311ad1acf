import { z } from 'zod';
import type { ChannelAuthType, ChannelKind } from './catalogue/channel-catalogue';
import type { SettingValue } from './catalogue/settings-fields';
import type { SyncCapability } from './sync-capabilities';

/**
 * A store's connection as the api returns it: a sales channel, an accounting channel or a plugin.
 * Secret settings (fields with `secret: true` in the form definition) and OAuth tokens are never
 * returned: `credentials_set` names the secret fields that hold a saved value, so a form can show
 * "saved" and leave them blank, and an update that leaves them out or empty keeps them.
 */
export interface ChannelDto {
  id: number;
  uuid: string;
  store_id: number;
  company_id: number;
  kind: ChannelKind;
  /** Catalogue slug, e.g. `shopify`, `mirakl-decathlon`. */
  type: string;
  /** The catalogue's display name of `type` (the spec's "provider"). */
  provider: string;
  category: string;
  auth_type: ChannelAuthType;
  name: string;
  is_active: boolean;
  /** Plugins only: the store's default plugin (one per store). */
  is_default: boolean;
  account_nominal_code: string | null;
  api_version: string | null;
  /** Non-secret settings, keyed by the form's field names. */
  settings: Record<string, SettingValue>;
  /** Secret fields that hold a saved value (never their values). */
  credentials_set: string[];
  /** OAuth connections: when the provider last granted access; null until connected. */
  authorized_at: string | null;
  /** When the stored access token expires (null when the provider gave no expiry). */
  token_expires_at: string | null;
  /** What Syncdesk synchronises with this type (its provider's declared capabilities); empty: nothing yet. */
  syncs: SyncCapability[];
  created_at: string;
  updated_at: string;
}

/** `GET companies/channels`: every channel of the company's own stores, with the store's name. */
export interface CompanyChannelDto extends ChannelDto {
  store_name: string;
}

/**
 * Create and update bodies: the settings form's values, flat (`name`, `get_orders`, `shop_url`,
 * `api_key`…), validated on the server against the type's form definition (`settingsErrorsFor`).
 * Unknown keys are dropped.
 */
export type ChannelSettingsInput = Record<string, unknown>;

export const channelStatusSchema = z.object({
  is_active: z.boolean({ error: 'The is active field must be true or false.' }),
});
export type ChannelStatusInput = z.infer<typeof channelStatusSchema>;

export const pluginDefaultSchema = z.object({
  is_default: z.boolean({ error: 'The is default field must be true or false.' }),
});
export type PluginDefaultInput = z.infer<typeof pluginDefaultSchema>;

/**
 * `PUT stores/{storeId}/channels/{id}/migrate`: move the channel to another store of the same
 * company (`store_id`) and/or onto another API version the catalogue lists (`api_version`).
 */
export const channelMigrateSchema = z
  .object({
    store_id: z.number().int().positive().optional(),
    api_version: z.string().trim().min(1).optional(),
  })
  .refine((value) => value.store_id !== undefined || value.api_version !== undefined, {
    message: 'Choose a store or an API version to migrate to.',
    path: ['store_id'],
  });
export type ChannelMigrateInput = z.infer<typeof channelMigrateSchema>;

/** `GET .../authorize` and the guest variants: where to send the browser to grant access. */
export interface ChannelAuthorizeDto {
  url: string;
  /** When the signed `state` in the url stops being accepted. */
  expires_at: string;
}

/** Body of the callback call the shell's `/authorization/{slug}` pages make. */
export const authorizationCallbackSchema = z.object({
  code: z.string().min(1, 'The code field is required.'),
  state: z.string().min(1, 'The state field is required.'),
});
export type AuthorizationCallbackInput = z.infer<typeof authorizationCallbackSchema>;
