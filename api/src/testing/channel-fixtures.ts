import { randomUUID } from 'node:crypto';
import type { ChannelKind } from '@syncdesk/contracts';
import type { Store } from '../db/models';
import type { Services } from '../services';

/**
 * A connection row of a store, written straight to the table: tests of couriers, pickups, webhooks
 * and statuses need a channel to hang on, not the channel service's validation.
 */
export function insertChannelRow(
  services: Pick<Services, 'models'>,
  store: Pick<Store, 'id' | 'company_id'>,
  options: { name?: string; kind?: ChannelKind; type?: string; settings?: Record<string, unknown> } = {},
) {
  return services.models.Channel.create({
    uuid: randomUUID(),
    company_id: store.company_id,
    store_id: store.id,
    kind: options.kind ?? 'channel',
    type: options.type ?? 'shopify',
    name: options.name ?? 'Shopify UK',
    account_nominal_code: null,
    api_version: null,
    settings: options.settings ?? {},
    credentials: null,
    authorized_at: null,
    token_expires_at: null,
  });
}
