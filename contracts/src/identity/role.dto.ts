import { z } from 'zod';
import { PERMISSION_NAMES, type PermissionName } from '../permissions';

export interface RoleDto {
  id: number;
  name: string;
  permissions: PermissionName[];
  /** New members and invitations get the default role unless another is chosen. */
  is_default: boolean;
  users_count: number;
}

const permissionList = z
  .array(z.enum(PERMISSION_NAMES as [PermissionName, ...PermissionName[]], { error: 'Unknown permission.' }))
  .max(PERMISSION_NAMES.length);

export const createRoleSchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(80),
  permissions: permissionList.default([]),
  is_default: z.boolean().optional(),
});
export type CreateRoleInput = z.infer<typeof createRoleSchema>;

export const updateRoleSchema = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(80).optional(),
  permissions: permissionList.optional(),
  is_default: z.boolean().optional(),
});
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;
