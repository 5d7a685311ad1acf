import {
  hasScope,
  isPermissionName,
  PERMISSION_GROUPS,
  PERMISSION_NAMES,
  permissionsBeyond,
} from '../permissions';

describe('permissions', () => {
  it('has create/read/update/delete for each of the eight groups plus the four extras', () => {
    expect(PERMISSION_NAMES).toHaveLength(8 * 4 + 4);
    expect(PERMISSION_NAMES).toContain('orders.read');
    expect(PERMISSION_NAMES).toContain('general.delete');
    expect(PERMISSION_NAMES).toContain('dashboard.read');
    expect(PERMISSION_NAMES).toContain('logs.read');
    expect(PERMISSION_NAMES).toContain('webhooks.interval_update');
    expect(PERMISSION_NAMES).toContain('data_protection');
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSION_NAMES.length);
  });

  it('groups every permission exactly once for the role editor', () => {
    const grouped = PERMISSION_GROUPS.flatMap((group) =>
      group.permissions.map((permission) => permission.name),
    );
    expect([...grouped].sort()).toEqual([...PERMISSION_NAMES].sort());
    const orders = PERMISSION_GROUPS.find((group) => group.key === 'orders');
    expect(orders?.label).toBe('Orders');
    expect(orders?.permissions.map((permission) => permission.label)).toEqual([
      'Create',
      'View',
      'Update',
      'Delete',
    ]);
  });

  it('recognises permission names', () => {
    expect(isPermissionName('roles.update')).toBe(true);
    expect(isPermissionName('roles.archive')).toBe(false);
    expect(isPermissionName(3)).toBe(false);
  });
});

describe('hasScope', () => {
  it('is true when the scope list contains the name', () => {
    expect(hasScope(['orders.read', 'products.read'], 'orders.read')).toBe(true);
    expect(hasScope(['orders.read'], 'orders.update')).toBe(false);
  });

  it('is true when the scope map has a truthy entry', () => {
    expect(hasScope({ 'orders.read': true }, 'orders.read')).toBe(true);
    expect(hasScope({ 'orders.read': 1 }, 'orders.read')).toBe(true);
    expect(hasScope({ 'orders.read': false, 'logs.read': 0 }, 'orders.read')).toBe(false);
    expect(hasScope({ 'logs.read': 0 }, 'logs.read')).toBe(false);
    expect(hasScope({}, 'logs.read')).toBe(false);
  });

  it('is false without a scope', () => {
    expect(hasScope(undefined, 'dashboard.read')).toBe(false);
    expect(hasScope(null, 'dashboard.read')).toBe(false);
    expect(hasScope([], 'dashboard.read')).toBe(false);
  });
});

describe('permissionsBeyond', () => {
  it('names what a role would give beyond its granter', () => {
    expect(permissionsBeyond(['users.read', 'users.update'], ['users.read'])).toEqual([]);
    expect(permissionsBeyond(['users.update'], ['users.update', 'roles.update', 'orders.read'])).toEqual([
      'orders.read',
      'roles.update',
    ]);
  });

  it('counts unmasked personal data as wider for a granter under data protection', () => {
    expect(permissionsBeyond(['users.read', 'data_protection'], ['users.read'])).toEqual(['data_protection']);
    expect(permissionsBeyond(['users.read', 'data_protection'], ['users.read', 'data_protection'])).toEqual(
      [],
    );
    // Handing out data protection takes something away: anyone may.
    expect(permissionsBeyond(['users.read'], ['users.read', 'data_protection'])).toEqual([]);
  });
});
