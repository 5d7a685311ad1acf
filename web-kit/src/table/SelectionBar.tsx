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
 * some are selected, how many arrived since 'all' was chosen, 'Clear selection', and the screen's
 * bulk actions.
 */
export function SelectionBar({ selection, children }: SelectionBarProps) {
  if (selection.count === 0) return null;
  // A failure to read the set is the api client's to show; the selection stays as it was.
  const selectAll = () => void selection.selectAll().catch(() => undefined);
  const everything = selection.selection.mode === 'all' && selection.selection.excludedIds.length === 0;
  // 'All' is what matched when chosen; rows that arrived since are said, never silently added.
  const newSince = selection.frozen ? selection.total - selection.frozen.total : 0;
  return (
    <Flex role="region" aria-label="Selection" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
      <Typography.Text strong>{selection.count} selected</Typography.Text>
      {!everything && selection.count < selection.total ? (
        <Button size="small" loading={selection.choosingAll} onClick={selectAll}>
          {formatMessage(SELECTION_MESSAGES.selectAll, { count: selection.total })}
        </Button>
      ) : null}
      {newSince > 0 ? (
        <Typography.Text type="secondary">
          {formatMessage(SELECTION_MESSAGES.newSinceChosen, { count: newSince.toLocaleString('en-GB') })}
        </Typography.Text>
      ) : null}
      <Button size="small" type="link" onClick={selection.clear}>
        {SELECTION_MESSAGES.clearSelection}
      </Button>
      {children}
    </Flex>
  );
}
