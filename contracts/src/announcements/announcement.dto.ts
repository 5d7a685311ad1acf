import { z } from 'zod';

/** A platform-wide message from an administrator, delivered live to every open page. */
export interface AnnouncementDto {
  id: number;
  message: string;
  created_by: number;
  /** ISO-8601 UTC; null until the worker has delivered it. */
  published_at: string | null;
  created_at: string;
}

export const createAnnouncementSchema = z.object({
  message: z
    .string({ error: 'The message field is required.' })
    .trim()
    .min(1, 'The message field is required.')
    .max(500, 'The message may not be greater than 500 characters.'),
});

export type CreateAnnouncementInput = z.infer<typeof createAnnouncementSchema>;
