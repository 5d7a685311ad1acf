import { Select, type SelectProps } from 'antd';

import type { RoleDto } from '@syncdesk/contracts';

import { GRANT_BEYOND_HELD_HINT } from '../hooks/useGrantLimit';

export interface RoleSelectProps extends Omit<SelectProps<number>, 'options'> {
  roles: RoleDto[];
  /**
   * Whether the signed-in user may hand this role out (useGrantLimit's mayGrant); a role they may
   * not is listed but disabled, with the reason as its tooltip. Every role when left out.
   */
  mayGrant?: (permissions: readonly string[]) => boolean;
}

/** A role picker; antd Form.Item passes value/onChange through. */
export function RoleSelect({ roles, mayGrant, ...props }: RoleSelectProps) {
  return (
    <Select<number>
      placeholder="Choose a role"
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      options={roles.map((role) => {
        const label = role.is_default ? `${role.name} (default)` : role.name;
        const grantable = !mayGrant || mayGrant(role.permissions);
        return grantable
          ? { value: role.id, label }
          : { value: role.id, label, disabled: true, title: `${label}: ${GRANT_BEYOND_HELD_HINT}` };
      })}
    />
  );
}
