import { findCatalogueEntry, type ChannelDto, type SettingValue } from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import { syncsOf } from './channel-syncs';

/**
 * The form's view of a channel: its stored settings plus the fields kept in columns, so an edit
 * form can be filled from `settings` alone. Secrets are never part of it.
 */
export function formSettingsOf(channel: Channel): Record<string, SettingValue> {
  const settings: Record<string, SettingValue> = { ...channel.settings } as Record<string, SettingValue>;
  settings.name = channel.name;
  if (channel.kind === 'plugin') settings.is_default = Boolean(channel.is_default);
  else if (channel.account_nominal_code !== null)
    settings.account_nominal_code = channel.account_nominal_code;
  return settings;
}

/** `credentialsSet`: the secret fields holding a saved value (their names, never the values). */
export function toChannelDto(channel: Channel, credentialsSet: readonly string[]): ChannelDto {
  const entry = findCatalogueEntry(channel.type);
  return {
    id: channel.id,
    uuid: channel.uuid,
    store_id: channel.store_id,
    company_id: channel.company_id,
    kind: channel.kind,
    type: channel.type,
    // A type the catalogue dropped since still shows, under its slug.
    provider: entry?.name ?? channel.type,
    category: entry?.category ?? '',
    auth_type: entry?.authType ?? 'api_key',
    name: channel.name,
    is_active: Boolean(channel.is_active),
    is_default: Boolean(channel.is_default),
    account_nominal_code: channel.account_nominal_code,
    api_version: channel.api_version,
    settings: formSettingsOf(channel),
    credentials_set: [...credentialsSet],
    authorized_at: channel.authorized_at?.toISOString() ?? null,
    token_expires_at: channel.token_expires_at?.toISOString() ?? null,
    syncs: syncsOf(channel.type),
    created_at: channel.created_at.toISOString(),
    updated_at: channel.updated_at.toISOString(),
  };
}
