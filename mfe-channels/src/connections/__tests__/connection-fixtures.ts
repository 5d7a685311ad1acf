import type { ChannelDto } from '@syncdesk/contracts';

import { sessionUser } from '../../__tests__/render-page';

export const STORE = {
  id: 11,
  name: 'Acme Web',
  company_id: 1,
  shared: false,
  storeNotifications: [],
  created_at: '2026-11-20T10:00:00Z',
};

export const OTHER_STORE = { ...STORE, id: 12, name: 'Acme EU' };

/** A user who may do everything on these screens. */
export const MANAGER = sessionUser({
  scope: ['stores.read', 'channels.create', 'channels.read', 'channels.update', 'channels.delete'],
});

export function connection(overrides: Partial<ChannelDto> = {}): ChannelDto {
  return {
    id: 5,
    uuid: '0b7e1c8a-0000-4000-8000-000000000005',
    store_id: 11,
    company_id: 1,
    kind: 'channel',
    type: 'woocommerce',
    provider: 'WooCommerce',
    category: 'Ecommerce',
    auth_type: 'key_secret',
    name: 'Web shop',
    is_active: false,
    is_default: false,
    account_nominal_code: null,
    api_version: null,
    settings: {},
    credentials_set: [],
    authorized_at: null,
    token_expires_at: null,
    // WooCommerce connects but does not sync yet.
    syncs: [],
    created_at: '2026-11-21T09:30:00Z',
    updated_at: '2026-11-21T09:30:00Z',
    ...overrides,
  };
}
