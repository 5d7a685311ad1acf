/**
 * The columns of an `activities` row in the order the bulk writers (order import, stock engine,
 * rule engine) write them as multi-row SQL: one list, so a new column reaches all of them.
 */
export const ACTIVITY_COLUMNS = [
  'company_id',
  'user_id',
  'source',
  'source_name',
  'via',
  'event',
  'subject_type',
  'subject_id',
  'old_values',
  'new_values',
  'created_at',
] as const;
