import { activitySentence, permissionLabel, type ActivitySentenceInput } from '../activities';

/** An activity as `GET /activities` answers it; Olivia Owner through the web unless said. */
function activity(
  event: string,
  values: { old?: Record<string, unknown> | null; new?: Record<string, unknown> | null } = {},
  overrides: Partial<ActivitySentenceInput> = {},
): ActivitySentenceInput {
  return {
    source: 'user',
    source_name: 'Olivia Owner',
    event,
    subject_type: event.split('.')[0] ?? event,
    subject_id: 5,
    old: values.old ?? null,
    new: values.new ?? null,
    ...overrides,
  };
}

describe('activitySentence', () => {
  it('users: password, role change (name from the context), add, remove, verify', () => {
    expect(activitySentence(activity('user.password_changed'))).toBe('Olivia Owner changed their password.');
    const roleChange = activity('user.updated', { old: { role: 'Manager' }, new: { role: 'Packer' } });
    expect(activitySentence(roleChange, { subjectName: 'Uma User' })).toBe(
      "Olivia Owner changed Uma User's role from Manager to Packer.",
    );
    // Without a name anywhere, the record's id still says who.
    expect(activitySentence(roleChange)).toBe("Olivia Owner changed user #5's role from Manager to Packer.");
    expect(
      activitySentence(
        activity('user.updated', {
          old: { name: 'Uma', role: 'Manager' },
          new: { name: 'Uma User', role: 'Packer' },
        }),
      ),
    ).toBe("Olivia Owner changed Uma's name from Uma to Uma User and their role from Manager to Packer.");
    expect(
      activitySentence(
        activity('user.created', {
          new: { name: 'Nina New', email: 'nina@acme.test', role: 'Packer', store_id: 11, store: 'Acme Web' },
        }),
      ),
    ).toBe('Olivia Owner added Nina New (nina@acme.test) as Packer.');
    expect(
      activitySentence(
        activity('user.deleted', { old: { name: 'Uma User', email: 'uma@acme.test', role: 'Packer' } }),
      ),
    ).toBe('Olivia Owner removed Uma User (uma@acme.test) from the company.');
    expect(
      activitySentence(
        activity('user.verified', { old: { email_verified: false }, new: { email_verified: true } }),
        { subjectName: 'Uma User' },
      ),
    ).toBe("Olivia Owner verified Uma User's e-mail address.");
  });

  it('users: their own profile (the whole record kept, only the change told), and a reset by link', () => {
    expect(
      activitySentence(
        activity('user.updated', {
          old: { name: 'Olivia Owner', phone: null },
          new: { name: 'Olivia Owner', phone: '+44 20 7946 0000' },
        }),
      ),
    ).toBe('Olivia Owner set their phone number to +44 20 7946 0000.');
    const reset = activity('user.password_reset', {}, { source: 'system', source_name: 'System' });
    expect(activitySentence(reset, { subjectName: 'Uma User' })).toBe(
      'Uma User reset their password with an e-mailed link.',
    );
    expect(activitySentence(reset)).toBe('The password of user #5 was reset with an e-mailed link.');
  });

  it('roles: rename and permissions by their labels, in the editor order, defaults, create', () => {
    expect(
      activitySentence(
        activity('role.updated', {
          old: { name: 'Packers', permissions: ['users.delete', 'stores.read'] },
          new: { name: 'Warehouse', permissions: ['stores.read', 'products.read', 'orders.update'] },
        }),
      ),
    ).toBe(
      'Olivia Owner renamed the role Packers to Warehouse, gave it Products: view, Orders: update and took away Users: delete.',
    );
    expect(
      activitySentence(
        activity('role.updated', {
          old: { name: 'Packers', permissions: [] },
          new: { name: 'Warehouse', permissions: ['orders.update', 'products.read'] },
        }),
      ),
    ).toBe('Olivia Owner renamed the role Packers to Warehouse and gave it Products: view, Orders: update.');
    expect(
      activitySentence(
        activity('role.updated', { old: { permissions: ['data_protection'] }, new: { permissions: [] } }),
        { subjectName: 'Packers' },
      ),
    ).toBe('Olivia Owner took the permissions Data protection away from the role Packers.');
    expect(
      activitySentence(activity('role.updated', { old: { is_default: false }, new: { is_default: true } }), {
        subjectName: 'Packers',
      }),
    ).toBe('Olivia Owner made the role Packers the default role.');
    expect(
      activitySentence(
        activity('role.created', {
          new: { name: 'Packers', permissions: ['orders.read', 'dashboard.read'], is_default: true },
        }),
      ),
    ).toBe(
      'Olivia Owner created the role Packers with Orders: view, View dashboard and made it the default role.',
    );
    expect(activitySentence(activity('role.deleted', { old: { name: 'Packers', permissions: [] } }))).toBe(
      'Olivia Owner deleted the role Packers.',
    );
  });

  it('companies: rename, activation, plans, DHL, registration', () => {
    const company = (event: string, values: Parameters<typeof activity>[1], who = 'Ada Admin') =>
      activitySentence(activity(event, values, { source_name: who }), { subjectName: 'Acme Ltd' });
    expect(company('company.updated', { old: { name: 'Acme' }, new: { name: 'Acme Ltd' } })).toBe(
      'Ada Admin renamed the company Acme to Acme Ltd.',
    );
    expect(company('company.deactivated', { old: { is_active: true }, new: { is_active: false } })).toBe(
      'Ada Admin deactivated the company Acme Ltd.',
    );
    expect(company('company.plan_changed', { old: {}, new: { action: 'trial_plan' } })).toBe(
      'Ada Admin started a new trial for the company Acme Ltd.',
    );
    expect(company('company.plan_changed', { old: {}, new: { action: 'force_plan' } })).toBe(
      'Ada Admin gave the company Acme Ltd the forced plan.',
    );
    expect(company('company.dhl_changes_pushed', { new: { updated: 1 } })).toBe(
      'Ada Admin pushed DHL changes to the company Acme Ltd: 1 courier updated.',
    );
    expect(
      activitySentence(
        activity(
          'company.registered',
          { new: { company: 'Acme Ltd', owner: 'Olivia Owner' } },
          { source: 'system', source_name: 'System' },
        ),
      ),
    ).toBe('Olivia Owner registered the company Acme Ltd.');
  });

  it('stores, invitations, IP whitelist, tokens', () => {
    expect(
      activitySentence(
        activity('store.notifications_updated', {
          old: { storeNotifications: ['a@acme.test'] },
          new: { storeNotifications: ['b@acme.test'] },
        }),
        { subjectName: 'Acme Web' },
      ),
    ).toBe(
      'Olivia Owner added b@acme.test to the notification e-mails of the store Acme Web and removed a@acme.test from its notification e-mails.',
    );
    expect(
      activitySentence(activity('store.shared', { new: { company_id: 2, company: 'Globex' } }), {
        subjectName: 'Acme Web',
      }),
    ).toBe('Olivia Owner shared the store Acme Web with the company Globex.');
    expect(
      activitySentence(activity('invitation.created', { new: { email: 'new@acme.test', role: 'Manager' } })),
    ).toBe('Olivia Owner invited new@acme.test as Manager.');
    expect(
      activitySentence(
        activity(
          'invitation.accepted',
          { new: { email: 'new@acme.test', user_id: 9, role: 'Manager', existing_account: false } },
          { source: 'system', source_name: 'System' },
        ),
      ),
    ).toBe('new@acme.test accepted the invitation and joined as Manager.');
    expect(
      activitySentence(
        activity('ip_whitelist.created', {
          new: { ip_address: '10.0.0.0/8', status: 1, company_role_id: null },
        }),
      ),
    ).toBe('Olivia Owner added 10.0.0.0/8 to the IP whitelist as Allowed.');
    expect(
      activitySentence(activity('ip_whitelist.updated', { old: { status: 1 }, new: { status: 2 } })),
    ).toBe('Olivia Owner changed the status of the IP whitelist entry #5 from Allowed to Blocked.');
    expect(activitySentence(activity('user_token.created', { new: { name: 'ERP' } }))).toBe(
      'Olivia Owner created the API token ERP.',
    );
  });

  it('channels and webhooks: labels for their fields, secrets never shown', () => {
    expect(
      activitySentence(
        activity('webhook.updated', {
          old: { url: 'https://a.example/hook', method: 'POST' },
          new: { url: 'https://b.example/hook', method: 'PUT', auth_secret_replaced: true },
        }),
        { subjectName: 'Orders feed' },
      ),
    ).toBe(
      'Olivia Owner changed the URL of the webhook Orders feed from https://a.example/hook to https://b.example/hook and its method from POST to PUT and replaced its authentication secret.',
    );
    expect(
      activitySentence(
        activity('webhook.status_updated', { old: { is_active: true }, new: { is_active: false } }),
        {
          subjectName: 'Orders feed',
        },
      ),
    ).toBe('Olivia Owner deactivated the webhook Orders feed.');
    expect(
      activitySentence(
        activity(
          'plugin.migrated',
          { old: { store_id: 11 }, new: { store_id: 12 } },
          { subject_type: 'plugin' },
        ),
        { storeName: (id) => (id === 11 ? 'Acme Web' : undefined) },
      ),
    ).toBe('Olivia Owner changed the store of the plugin #5 from Acme Web to store #12.');
    expect(
      activitySentence(
        activity('channel.created', {
          new: { type: 'shopify', name: '', store_id: 11, credentials_changed: ['api_key'] },
        }),
      ),
    ).toBe('Olivia Owner added the channel shopify.');
  });

  it('reads an unknown event as a sentence, with its words and the subject', () => {
    expect(activitySentence(activity('order.shipped', {}, { subject_id: 12 }))).toBe(
      'Olivia Owner shipped the order #12.',
    );
    expect(
      activitySentence(activity('product.price_changed', {}, { subject_type: 'product', subject_id: 12 })),
    ).toBe('Olivia Owner recorded “price changed” for the product #12.');
    expect(
      activitySentence(
        activity('stock_level.updated', { old: { on_hand: 3 }, new: { on_hand: 5 } }, { source: 'system' }),
      ),
    ).toBe('The system changed the on hand of the stock level #5 from 3 to 5.');
  });

  it('labels permissions as the role editor does', () => {
    expect(permissionLabel('orders.update')).toBe('Orders: update');
    expect(permissionLabel('products.read')).toBe('Products: view');
    expect(permissionLabel('webhooks.interval_update')).toBe('Webhook interval update');
  });
});

describe('activitySentence: orders, invoices and confirmation orders', () => {
  const imported = (event: string, values: Parameters<typeof activity>[1], name = 'Acme Shopify') =>
    activity(event, values, { source: 'system', source_name: name, subject_type: event.split('.')[0]! });

  it('orders: imported, changed by the channel (labels, money in its currency, lines), failed', () => {
    expect(
      activitySentence(
        imported('order.created', {
          new: { order_number: '1001', status: 'Unshipped', sync_status: 0, total: '28.2', currency: 'GBP' },
        }),
      ),
    ).toBe('Acme Shopify imported the order 1001 (Unshipped, £28.20).');
    expect(
      activitySentence(
        imported('order.updated', {
          old: {
            status: 'Unshipped',
            sync_status: 2,
            total: '28.20',
            lines: [{ sku: 'MUG-1', quantity: 2 }],
          },
          new: {
            status: 'Cancelled',
            sync_status: 14,
            total: '0.00',
            lines: [{ sku: 'MUG-1', quantity: 1 }],
          },
        }),
        { subjectName: '1001' },
      ),
    ).toBe(
      'Acme Shopify changed the status of the order 1001 from Unshipped to Cancelled, its sync status from Synced to Cancelled, its total from £28.20 to £0.00 and its lines from 2 × MUG-1 to 1 × MUG-1.',
    );
    expect(
      activitySentence(
        imported('order.updated', {
          old: { total: '10', shipping_address: { line1: '1 High Street', city: 'Bath', country: 'GB' } },
          new: { total: '12.5', shipping_address: { line1: '2 Mill Lane', city: 'Bath', country: 'GB' } },
        }),
        { currency: 'EUR' },
      ),
    ).toBe(
      'Acme Shopify changed the total of the order #5 from €10.00 to €12.50 and its shipping address from 1 High Street, Bath, GB to 2 Mill Lane, Bath, GB.',
    );
    expect(
      activitySentence(
        imported(
          'order.import_failed',
          { new: { reason: 'currency: must be a three-letter currency code' } },
          'Acme eBay',
        ),
        { subjectName: '99-00001' },
      ),
    ).toBe('Acme eBay could not import the order 99-00001: currency: must be a three-letter currency code.');
    // A person's change of an order (the order actions) names them and the labels.
    expect(
      activitySentence(
        activity('order.sync_status_updated', { old: { sync_status: 0 }, new: { sync_status: 6 } }),
        {
          subjectName: '1002',
        },
      ),
    ).toBe('Olivia Owner changed the sync status of the order 1002 from Pending to Excluded.');
    // The browser's own money format is used when given.
    expect(
      activitySentence(imported('order.created', { new: { order_number: '7', total: '5' } }), {
        formatMoney: (amount, currency) => `${currency} ${Number(amount).toFixed(2)}`,
      }),
    ).toBe('Acme Shopify imported the order 7 (GBP 5.00).');
  });

  it("orders: the seller's actions (plugins, webhooks, resend, pickup, fulfilments)", () => {
    const on = (event: string, values: Parameters<typeof activity>[1]) =>
      activitySentence(activity(event, values), { subjectName: '1001' });
    expect(
      on('order.plugin_sync_status_updated', {
        old: { plugin: 'Acme ShipBob', plugin_sync_status: 2 },
        new: { plugin: 'Acme ShipBob', plugin_sync_status: 6 },
      }),
    ).toBe('Olivia Owner changed the sync status of the order 1001 at Acme ShipBob from Synced to Excluded.');
    expect(
      on('order.plugin_sync_status_updated', {
        old: { plugins: [{ plugin: 'Acme ShipBob', plugin_sync_status: 7 }] },
        new: { plugin_sync_status: 0, plugins: [{ plugin: 'Acme ShipBob', plugin_sync_status: 0 }] },
      }),
    ).toBe('Olivia Owner resent the order 1001 to Acme ShipBob.');
    expect(
      on('order.webhook_status_updated', {
        old: { webhook: 'ERP feed', webhook_status: 1 },
        new: { webhook: 'ERP feed', webhook_status: 0 },
      }),
    ).toBe('Olivia Owner set the order 1001 as pending for the webhook ERP feed (was sent).');
    expect(
      on('order.excluded_resent', { old: { sync_status: 6 }, new: { sync_status: 0, force_resend: true } }),
    ).toBe('Olivia Owner resent the excluded order 1001, to every plugin and webhook again.');
    expect(
      on('order.pickup_status_updated', {
        old: { pickup_status: 'awaiting' },
        new: { pickup_status: 'ready_for_pickup' },
      }),
    ).toBe('Olivia Owner changed the pickup status of the order 1001 from Awaiting to Ready for pickup.');
    expect(
      on('order.fulfilment_created', {
        new: {
          fulfilment_id: 3,
          courier: 'Royal Mail',
          shipping_method: 'Tracked 48',
          shipping_tracking_code: 'RM123456785GB',
          lines: [{ sku: 'MUG-1', quantity: 2 }],
        },
      }),
    ).toBe(
      'Olivia Owner fulfilled 2 × MUG-1 of the order 1001 with Royal Mail, tracking code RM123456785GB.',
    );
    expect(
      on('order.fulfilment_resent', {
        old: { fulfilment_id: 3, fulfilment_status: 3 },
        new: { fulfilment_id: 3, fulfilment_status: 0 },
      }),
    ).toBe('Olivia Owner sent a failed fulfilment of the order 1001 again.');
  });

  it('invoices: created by a person or the system, sync status changed', () => {
    expect(
      activitySentence(
        activity('invoice.created', {
          new: {
            invoice_number: 'INV-00041',
            channel: 'Acme Xero',
            invoice_date: '2026-11-20',
            currency: 'GBP',
            total: '1234.5',
            lines: 2,
          },
        }),
      ),
    ).toBe('Olivia Owner created the invoice INV-00041 in Acme Xero for £1,234.50 (2 lines).');
    expect(
      activitySentence(
        activity(
          'invoice.created',
          { new: { invoice_number: 'INV-7', total: '3', lines: 1 } },
          { source: 'system', source_name: 'System' },
        ),
      ),
    ).toBe('The system created the invoice INV-7 for £3.00 (1 line).');
    expect(
      activitySentence(
        activity('invoice.sync_status_updated', {
          old: { sync_status: 'failed' },
          new: { sync_status: 'pending' },
        }),
        { subjectName: 'INV-7' },
      ),
    ).toBe('Olivia Owner changed the sync status of the invoice INV-7 from Failed to Pending.');
  });

  it('confirmation orders: received, changed by the retailer, edited, acknowledged, answered by the channel', () => {
    const system = { source: 'system' as const, source_name: 'System' };
    expect(
      activitySentence(
        activity(
          'confirmation_order.received',
          {
            new: {
              purchase_order_number: '4K12345',
              status: 'Placed',
              acknowledge_by: '2026-11-24T03:00:00.000Z',
            },
          },
          system,
        ),
      ),
    ).toBe(
      'The purchase order 4K12345 was received from the retailer, to be acknowledged by 24 Nov 2026, 03:00 UTC.',
    );
    expect(
      activitySentence(
        activity(
          'confirmation_order.received_update',
          {
            old: { status: 'Placed', ship_window_end: '2026-11-30T00:00:00.000Z' },
            new: { status: 'Backordered', ship_window_end: '2026-12-02T00:00:00.000Z' },
          },
          system,
        ),
        { subjectName: '4K12345' },
      ),
    ).toBe(
      'The retailer changed the status of the purchase order 4K12345 from Placed to Backordered and its ship window end from 30 Nov 2026, 00:00 UTC to 2 Dec 2026, 00:00 UTC.',
    );
    expect(
      activitySentence(
        activity('confirmation_order.received_update', { new: { items: 'changed' } }, system),
        {
          subjectName: '4K12345',
        },
      ),
    ).toBe('The retailer changed the items of the purchase order 4K12345.');
    expect(
      activitySentence(
        activity('confirmation_order.updated', {
          old: { seller_note: null },
          new: { seller_note: 'Call first' },
        }),
        {
          subjectName: '4K12345',
        },
      ),
    ).toBe('Olivia Owner set the note of the purchase order 4K12345 to Call first.');
    expect(
      activitySentence(
        activity('confirmation_order.item_updated', {
          old: {
            item_sequence_number: '2',
            sku: 'MUG-1',
            accepted_quantity: 0,
            rejected_quantity: 0,
            rejected_reason: null,
          },
          new: {
            item_sequence_number: '2',
            sku: 'MUG-1',
            accepted_quantity: 10,
            rejected_quantity: 2,
            rejected_reason: 'TemporarilyUnavailable',
          },
        }),
        { subjectName: '4K12345' },
      ),
    ).toBe(
      'Olivia Owner changed the accepted quantity from 0 to 10, changed the rejected quantity from 0 to 2 and set the rejection reason to Temporarily Unavailable on item 2 (MUG-1) of the purchase order 4K12345.',
    );
    expect(
      activitySentence(
        activity('confirmation_order.acknowledgement_submitted', {
          old: { acknowledge_sync_status: 'pending' },
          new: {
            acknowledge_sync_status: 'processing',
            items: [
              {
                item_sequence_number: '1',
                accepted_quantity: 10,
                backordered_quantity: 2,
                rejected_quantity: 0,
              },
              {
                item_sequence_number: '2',
                accepted_quantity: 0,
                backordered_quantity: 0,
                rejected_quantity: 6,
              },
            ],
          },
        }),
        { subjectName: '4K12345' },
      ),
    ).toBe(
      'Olivia Owner submitted the acknowledgement of the purchase order 4K12345: 10 accepted, 2 backordered, 6 rejected.',
    );
    expect(
      activitySentence(
        activity(
          'confirmation_order.acknowledge_synced',
          { new: { acknowledge_sync_status: 'success' } },
          system,
        ),
        { subjectName: '4K12345' },
      ),
    ).toBe('The channel accepted the acknowledgement of the purchase order 4K12345.');
    expect(
      activitySentence(
        activity(
          'confirmation_order.acknowledge_synced',
          { new: { acknowledge_sync_status: 'failed', acknowledge_error: 'Unknown vendor code' } },
          system,
        ),
        { subjectName: '4K12345' },
      ),
    ).toBe('The channel refused the acknowledgement of the purchase order 4K12345: Unknown vendor code.');
  });
});
