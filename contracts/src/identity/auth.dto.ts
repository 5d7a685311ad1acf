import { z } from 'zod';
import { INVALID_PHONE_NUMBER } from '../messages';

const required = (field: string) => `The ${field} field is required.`;

export const emailSchema = z
  .string({ error: required('email') })
  .trim()
  .toLowerCase()
  .min(1, required('email'))
  .max(190, 'The email may not be greater than 190 characters.')
  .pipe(z.email('The email must be a valid email address.'));

/** At least 8 characters, at most 128 (argon2 input), not only spaces. */
export const passwordSchema = z
  .string({ error: required('password') })
  .min(8, 'The password must be at least 8 characters.')
  .max(128, 'The password may not be greater than 128 characters.')
  .refine((value) => value.trim().length > 0, required('password'));

/** E.164-ish: optional +, 7–15 digits, spaces, dashes and brackets allowed between. */
export const phoneSchema = z
  .string()
  .trim()
  .refine((value) => {
    const digits = value.replace(/[\s\-()]/g, '');
    return /^\+?\d{7,15}$/.test(digits);
  }, INVALID_PHONE_NUMBER);

function withConfirmation<T extends { password: string; password_confirmation: string }>(
  schema: z.ZodType<T>,
) {
  return schema.refine((value) => value.password === value.password_confirmation, {
    message: 'The password confirmation does not match.',
    path: ['password_confirmation'],
  });
}

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: required('password') }).min(1, required('password')),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** `POST /auth/signIn`, `/auth/switchCompany/{id}`, `/invitations/accept/{token}` answer `{ data: { token } }`. */
export interface TokenResponse {
  token: string;
  /** ISO-8601 expiry of the token. */
  expires_at: string;
}

export const registerSchema = withConfirmation(
  z.object({
    company_name: z
      .string({ error: required('company name') })
      .trim()
      .min(1, required('company name'))
      .max(120),
    name: z
      .string({ error: required('name') })
      .trim()
      .min(1, required('name'))
      .max(120),
    email: emailSchema,
    phone: z.union([phoneSchema, z.literal('')]).optional(),
    password: passwordSchema,
    password_confirmation: z.string({ error: required('password confirmation') }),
  }),
);
export type RegisterInput = z.infer<typeof registerSchema>;

export const changePasswordSchema = withConfirmation(
  z.object({
    current_password: z.string({ error: required('current password') }).min(1, required('current password')),
    password: passwordSchema,
    password_confirmation: z.string({ error: required('password confirmation') }),
  }),
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** `POST /auth/resetPassword`: always answers the same, whether the address is known or not. */
export const resetPasswordSchema = z.object({ email: emailSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordConfirmSchema = withConfirmation(
  z.object({
    token: z.string({ error: required('token') }).min(1, required('token')),
    password: passwordSchema,
    password_confirmation: z.string({ error: required('password confirmation') }),
  }),
);
export type ResetPasswordConfirmInput = z.infer<typeof resetPasswordConfirmSchema>;

/** `POST /auth/verifyEmail` with the id and token from the e-mailed link (`/auth/verify-email/{id}/{token}`). */
export const verifyEmailSchema = z.object({
  id: z.coerce.number().int().positive(),
  token: z.string().min(1, required('token')),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

export const updateProfileSchema = z.object({
  name: z.string().trim().min(1, required('name')).max(120),
  phone: z.union([phoneSchema, z.literal('')]).optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const createUserTokenSchema = z.object({
  name: z
    .string({ error: required('name') })
    .trim()
    .min(1, required('name'))
    .max(100),
});
export interface UserTokenDto {
  id: number;
  name: string;
  last_used_at: string | null;
  created_at: string;
  /** Only in the response that creates it: it is never shown again. */
  token?: string;
}
