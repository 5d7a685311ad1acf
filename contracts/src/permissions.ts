/**
 * Role permissions (platform-shell §6). A permission name is `<group>.<action>`; the role editor
 * shows them grouped, and `hasScope` checks a user's scope against one.
 */
export const PERMISSION_ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const CRUD_PERMISSION_GROUPS = [
  'general',
  'stores',
  'channels',
  'products',
  'orders',
  'customers',
  'users',
  'roles',
] as const;
export type CrudPermissionGroup = (typeof CRUD_PERMISSION_GROUPS)[number];

/** Permissions outside the create/read/update/delete grid. */
export const EXTRA_PERMISSIONS = [
  'dashboard.read',
  'logs.read',
  'webhooks.interval_update',
  // Hides personal data for the role everywhere except inside raw log contents.
  'data_protection',
] as const;
export type ExtraPermission = (typeof EXTRA_PERMISSIONS)[number];

export type PermissionName = `${CrudPermissionGroup}.${PermissionAction}` | ExtraPermission;

export const PERMISSION_NAMES: readonly PermissionName[] = [
  ...CRUD_PERMISSION_GROUPS.flatMap((group) =>
    PERMISSION_ACTIONS.map((action): PermissionName => `${group}.${action}`),
  ),
  ...EXTRA_PERMISSIONS,
];

export function isPermissionName(value: unknown): value is PermissionName {
  return typeof value === 'string' && (PERMISSION_NAMES as readonly string[]).includes(value);
}

export interface PermissionDefinition {
  name: PermissionName;
  label: string;
}

export interface PermissionGroup {
  key: CrudPermissionGroup | 'extra';
  label: string;
  permissions: PermissionDefinition[];
}

const GROUP_LABELS: Record<CrudPermissionGroup, string> = {
  general: 'General',
  stores: 'Stores',
  channels: 'Channels',
  products: 'Products',
  orders: 'Orders',
  customers: 'Customers',
  users: 'Users',
  roles: 'Roles',
};

// The spec calls "read" "view"; the group label gives the noun, so these stay one word.
const ACTION_LABELS: Record<PermissionAction, string> = {
  create: 'Create',
  read: 'View',
  update: 'Update',
  delete: 'Delete',
};

/** The role editor's layout: one group per row of the grid, then the extra permissions. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  ...CRUD_PERMISSION_GROUPS.map((group): PermissionGroup => ({
    key: group,
    label: GROUP_LABELS[group],
    permissions: PERMISSION_ACTIONS.map((action) => ({
      name: `${group}.${action}` as const,
      label: ACTION_LABELS[action],
    })),
  })),
  {
    key: 'extra',
    label: 'Other',
    permissions: [
      { name: 'dashboard.read', label: 'View dashboard' },
      { name: 'logs.read', label: 'View transaction records' },
      { name: 'webhooks.interval_update', label: 'Webhook interval update' },
      { name: 'data_protection', label: 'Data protection' },
    ],
  },
];

/** A user's scope: a list of permission names, or a map of name → truthy value (both occur). */
export type Scope = readonly string[] | Readonly<Record<string, unknown>>;

/** Spec §6: true if the scope list contains the name, or the scope map has a truthy entry for it. */
export function hasScope(scope: Scope | null | undefined, name: PermissionName): boolean {
  if (!scope) return false;
  if (Array.isArray(scope)) return scope.includes(name);
  return Boolean((scope as Readonly<Record<string, unknown>>)[name]);
}

/**
 * What a role would give beyond what its granter holds: the permissions it has that the granter
 * lacks, plus unmasked personal data when the granter works under data protection (that permission
 * takes away, so lacking it is the wider right). Empty means the granter may hand this role out or
 * write these permissions into a role. Platform administrators are the exception, decided by the
 * caller of this function.
 */
export function permissionsBeyond(granter: Iterable<string>, granted: Iterable<string>): PermissionName[] {
  const held = new Set(granter);
  const wanted = new Set(granted);
  const beyond = PERMISSION_NAMES.filter(
    (name) => name !== 'data_protection' && wanted.has(name) && !held.has(name),
  );
  if (held.has('data_protection') && !wanted.has('data_protection')) beyond.push('data_protection');
  return beyond;
}
