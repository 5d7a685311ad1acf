import { z } from 'zod';

/** `PUT …/logs/retry` and `…/logs/ignore`: the records chosen on the screen. */
export const logSelectionSchema = z.object({
  log_ids: z
    .array(z.number().int().positive(), { error: 'Choose at least one record.' })
    .min(1, 'Choose at least one record.')
    .max(1000, 'At most 1000 records can be changed at once.'),
});
export type LogSelectionInput = z.output<typeof logSelectionSchema>;
