import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes } from 'react';
import { Button } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

interface RowDragContext {
  setActivatorNodeRef?: (element: HTMLElement | null) => void;
  listeners?: DraggableSyntheticListeners;
}

const RowContext = createContext<RowDragContext>({});

/** The row's drag handle (antd's "drag sorting with handle" pattern); only it starts a drag. */
export function RuleDragHandle({ name }: { name: string }) {
  const { setActivatorNodeRef, listeners } = useContext(RowContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      style={{ cursor: 'move' }}
      ref={setActivatorNodeRef}
      aria-label={`Drag “${name}” to change its priority`}
      // Keyboard users have Move up / Move down in the row menu; the handle is for pointers.
      tabIndex={-1}
      onClick={(event) => event.stopPropagation()}
      {...listeners}
    />
  );
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string };

/** A table row dnd-kit can move; the table's own rows without a key (the empty placeholder) stay still. */
export function SortableRuleRow(props: RowProps) {
  const key = props['data-row-key'];
  return key === undefined ? <tr {...props} /> : <SortableRow {...props} data-row-key={key} />;
}

function SortableRow(props: RowProps & { 'data-row-key': string }) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id: props['data-row-key'],
  });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 10 } : {}),
  };
  const context = useMemo(() => ({ setActivatorNodeRef, listeners }), [setActivatorNodeRef, listeners]);
  return (
    <RowContext.Provider value={context}>
      <tr {...props} ref={setNodeRef} style={style} />
    </RowContext.Provider>
  );
}
