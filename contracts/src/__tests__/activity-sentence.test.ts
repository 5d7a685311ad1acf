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
