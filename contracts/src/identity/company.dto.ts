import { z } from 'zod';

export interface CompanyAccountDto {
  /** COMPANY_ACCOUNT_STATUS: 1 trial, 3 no banner, 4 limited. */
  status: 1 | 3 | 4;
  has_plan: boolean;
  plan_name: string | null;
  /** Remaining plan credit in GBP. */
  credit: number | null;
  /** Time left of the trial; null when not on trial. */
  expired_date: { days: number; hours: number; minutes: number } | null;
  manage_url: string;
}

export interface CompanyDto {
  id: number;
  /** What another company types to share a store with this one. */
  uuid: string;
  name: string;
  owner_name: string | null;
  owner_email: string | null;
  stores_count: number;
  channels_count: number;
  plugins_count: number;
  webhooks_count: number;
  /** `register`, `admin`, `invitation`, `seed`. */
  creation_source: string;
  plan_name: string | null;
  is_active: boolean;
  account: CompanyAccountDto;
  created_at: string;
}

export const createCompanySchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(120),
});
export type CreateCompanyInput = z.infer<typeof createCompanySchema>;

export const updateCompanySchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(120).optional(),
    /** Administrators only. */
    is_active: z.boolean().optional(),
  })
  .refine((value) => value.name !== undefined || value.is_active !== undefined, {
    message: 'Nothing to update.',
    path: ['name'],
  });
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

/** Administrator plan actions of spec §4 (`POST accounts-system/set-plan/{id}`). */
export const PLAN_ACTIONS = ['force_plan', 'free_plan', 'trial_plan'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];
export const setPlanSchema = z.object({
  status: z.enum(PLAN_ACTIONS, { error: 'The status must be one of: force_plan, free_plan, trial_plan.' }),
});
export type SetPlanInput = z.infer<typeof setPlanSchema>;

/** Days a new or reset trial lasts. */
export const TRIAL_DAYS = 14;
