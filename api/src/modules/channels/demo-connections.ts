import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { settingsErrorsFor, settingsFormFor, type ChannelKind } from '@syncdesk/contracts';
import type { Models, Store } from '../../db/models';
import { splitValues, valuesForCreate } from './channel-settings';

/**
 * The demo store's first connections, so a newcomer's channel and plugin screens are not empty:
 * types that need no credentials (they authorise through OAuth), left inactive like any new one.
 */
const DEMO_CONNECTIONS: readonly { kind: ChannelKind; type: string; body: Record<string, unknown> }[] = [
  {
    kind: 'channel',
    type: 'shopify',
    body: { name: 'Acme Shopify', shop_url: 'https://acme-demo.myshopify.com' },
  },
  { kind: 'plugin', type: 'shipbob', body: { name: 'Acme ShipBob', is_default: true } },
];

export async function seedDemoConnections(
  models: Models,
  store: Store,
  transaction: Transaction,
): Promise<void> {
  for (const { kind, type, body } of DEMO_CONNECTIONS) {
    const values = valuesForCreate(type, body);
    // The seed goes through the same checks as the api, so the demo never shows an invalid form.
    const errors = settingsErrorsFor(type, values);
    if (errors) throw new Error(`Demo ${type} settings are invalid: ${JSON.stringify(errors)}`);
    const { settings, columns } = splitValues(settingsFormFor(type), values);
    await models.Channel.create(
      {
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        kind,
        type,
        name: columns.name ?? type,
        is_active: false,
        is_default: columns.is_default === true,
        account_nominal_code: columns.account_nominal_code ?? null,
        api_version: null,
        settings,
        credentials: null,
        authorized_at: null,
        token_expires_at: null,
      },
      { transaction },
    );
  }
}
