import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';

import { SELECTION_MESSAGES, formatMessage } from '@syncdesk/contracts';

import type { SelectionState } from './useSelection';

export interface SelectionBarProps {
  selection: SelectionState;
  /** Bulk actions for the selected rows (they read `selection.selection`). */
  children?: ReactNode;
}

/**
 * Shown while rows are selected: the count, 'Select all N' (the whole query, spec §5) while only
 * some are selected, 'Clear selection', and the screen's bulk actions.
 */
export function SelectionBar({ selection, children }: SelectionBarProps) {
  if (selection.count === 0) return null;
  const everything = selection.selection.mode === 'all' && selection.selection.excludedIds.length === 0;
  return (
    <Flex role="region" aria-label="Selection" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
      <Typography.Text strong>{selection.count} selected</Typography.Text>
      {!everything && selection.count < selection.total ? (
        <Button size="small" onClick={selection.selectAll}>
          {formatMessage(SELECTION_MESSAGES.selectAll, { count: selection.total })}
        </Button>
      ) : null}
      <Button size="small" type="link" onClick={selection.clear}>
        {SELECTION_MESSAGES.clearSelection}
      </Button>
      {children}
    </Flex>
  );
}
