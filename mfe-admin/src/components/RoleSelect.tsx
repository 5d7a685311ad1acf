import { Select, type SelectProps } from 'antd';

import type { RoleDto } from '@syncdesk/contracts';

export interface RoleSelectProps extends Omit<SelectProps<number>, 'options'> {
  roles: RoleDto[];
}

/** A role picker; antd Form.Item passes value/onChange through. */
export function RoleSelect({ roles, ...props }: RoleSelectProps) {
  return (
    <Select<number>
      placeholder="Choose a role"
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      options={roles.map((role) => ({
        value: role.id,
        label: role.is_default ? `${role.name} (default)` : role.name,
      }))}
    />
  );
}
