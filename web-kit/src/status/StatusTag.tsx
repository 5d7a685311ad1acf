import { Tag } from 'antd';
import type { ReactElement } from 'react';

import type { Tone, Vocabulary } from '@syncdesk/contracts';

/** antd's status colours, one per tone; a new tone fails the build here until it has a colour. */
export const TONE_COLORS: Record<Tone, 'default' | 'processing' | 'success' | 'warning' | 'error'> = {
  default: 'default',
  processing: 'processing',
  success: 'success',
  warning: 'warning',
  error: 'error',
};

export interface StatusTagProps {
  vocabulary: Vocabulary;
  /** A wire value; values from the server are not trusted to be in the vocabulary. */
  value: number | string | null | undefined;
}

/**
 * The one way a status is shown: label and colour from its vocabulary. A value the vocabulary
 * does not know (a newer server) shows raw in a neutral tag rather than disappearing.
 */
export function StatusTag({ vocabulary, value }: StatusTagProps): ReactElement | null {
  if (value === null || value === undefined || value === '') return null;
  const entry = vocabulary.byValue(value);
  if (!entry) return <Tag color="default">{String(value)}</Tag>;
  return <Tag color={TONE_COLORS[entry.tone]}>{entry.label}</Tag>;
}
