import type { ReactElement } from 'react';
import { Checkbox, Flex, Tooltip, Typography } from 'antd';

import { PERMISSION_GROUPS, type PermissionGroup, type PermissionName } from '@syncdesk/contracts';

import { GRANT_BEYOND_HELD_HINT } from '../hooks/useGrantLimit';

export interface PermissionEditorProps {
  /** Form.Item passes the role's permissions in and takes the new list back. */
  value?: PermissionName[];
  onChange?(value: PermissionName[]): void;
  disabled?: boolean;
  /** Permissions the user may not toggle (useGrantLimit): shown disabled, with the reason on hover. */
  locked?: ReadonlySet<PermissionName>;
}

const NOTHING_LOCKED: ReadonlySet<PermissionName> = new Set();

/** A disabled checkbox says why on hover; the span takes the hover a disabled input doesn't. */
function WithHint({ hint, children }: { hint: string | null; children: ReactElement }) {
  return hint ? (
    <Tooltip title={hint}>
      <span>{children}</span>
    </Tooltip>
  ) : (
    children
  );
}

/**
 * The role's permissions laid out exactly as contracts' PERMISSION_GROUPS: one row per group with
 * its Create/View/Update/Delete checkboxes, the extra permissions last, and a 'Select all' per row.
 * The list handed back keeps PERMISSION_GROUPS' order, so saving without changes sends no diff.
 * A row holding a locked permission has no working 'Select all': it could not select all.
 */
export function PermissionEditor({
  value = [],
  onChange,
  disabled,
  locked = NOTHING_LOCKED,
}: PermissionEditorProps) {
  const chosen = new Set(value);

  const emit = (next: Set<PermissionName>) => {
    onChange?.(
      PERMISSION_GROUPS.flatMap((group) => group.permissions.map((permission) => permission.name)).filter(
        (name) => next.has(name),
      ),
    );
  };

  const setGroup = (group: PermissionGroup, checked: boolean) => {
    const next = new Set(chosen);
    for (const permission of group.permissions) {
      if (checked) next.add(permission.name);
      else next.delete(permission.name);
    }
    emit(next);
  };

  const setOne = (name: PermissionName, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(name);
    else next.delete(name);
    emit(next);
  };

  return (
    <Flex vertical gap={4}>
      {PERMISSION_GROUPS.map((group) => {
        const count = group.permissions.filter((permission) => chosen.has(permission.name)).length;
        const groupLocked = group.permissions.some((permission) => locked.has(permission.name));
        return (
          <Flex
            key={group.key}
            role="group"
            aria-label={group.label}
            align="center"
            gap={16}
            wrap
            style={{ padding: '6px 0', borderBottom: '1px solid rgba(128, 128, 128, 0.15)' }}
          >
            <Typography.Text strong style={{ width: 120 }}>
              {group.label}
            </Typography.Text>
            <WithHint hint={groupLocked && !disabled ? GRANT_BEYOND_HELD_HINT : null}>
              <Checkbox
                checked={count === group.permissions.length}
                indeterminate={count > 0 && count < group.permissions.length}
                disabled={disabled || groupLocked}
                onChange={(event) => setGroup(group, event.target.checked)}
                aria-label={`Select all ${group.label}`}
              >
                Select all
              </Checkbox>
            </WithHint>
            {group.permissions.map((permission) => {
              const permissionLocked = locked.has(permission.name);
              return (
                <WithHint
                  key={permission.name}
                  hint={permissionLocked && !disabled ? GRANT_BEYOND_HELD_HINT : null}
                >
                  <Checkbox
                    checked={chosen.has(permission.name)}
                    disabled={disabled || permissionLocked}
                    onChange={(event) => setOne(permission.name, event.target.checked)}
                  >
                    {permission.label}
                  </Checkbox>
                </WithHint>
              );
            })}
          </Flex>
        );
      })}
    </Flex>
  );
}
