import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.dto';

export interface RoleSummaryDto {
  id: number;
  name: string;
}

export interface UserDto {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: RoleSummaryDto | null;
  email_verified: boolean;
  /** The company's owner can't be removed. */
  is_owner: boolean;
  created_at: string;
}

export const createUserSchema = z
  .object({
    name: z
      .string({ error: 'The name field is required.' })
      .trim()
      .min(1, 'The name field is required.')
      .max(120),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
    role_id: z.coerce
      .number({ error: 'The role field is required.' })
      .int()
      .positive('The role field is required.'),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: 'The password confirmation does not match.',
    path: ['password_confirmation'],
  });
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(120).optional(),
  role_id: z.coerce.number().int().positive('The role field is required.').optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const inviteUserSchema = z.object({
  email: emailSchema,
  role_id: z.coerce
    .number({ error: 'The role field is required.' })
    .int()
    .positive('The role field is required.'),
});
export type InviteUserInput = z.infer<typeof inviteUserSchema>;

export interface InvitationDto {
  id: number;
  email: string;
  role: RoleSummaryDto | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

/** `GET invitations/verify/{token}` (public): what the accept screen shows. */
export interface InvitationPreviewDto {
  email: string;
  company_name: string;
  role_name: string | null;
  /** An account with this e-mail exists: the screen asks for its password instead of a new one. */
  existing_user: boolean;
}

export const acceptInvitationSchema = z.discriminatedUnion('existing_user', [
  z.object({
    existing_user: z.literal(true),
    email: emailSchema,
    password: z.string().min(1, 'The password field is required.'),
  }),
  z
    .object({
      existing_user: z.literal(false),
      name: z
        .string({ error: 'The name field is required.' })
        .trim()
        .min(1, 'The name field is required.')
        .max(120),
      email: emailSchema,
      password: passwordSchema,
      password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
    })
    .refine((value) => value.password === value.password_confirmation, {
      message: 'The password confirmation does not match.',
      path: ['password_confirmation'],
    }),
]);
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

export const updateInvitationSchema = z.object({
  role_id: z.coerce.number().int().positive('The role field is required.'),
});
