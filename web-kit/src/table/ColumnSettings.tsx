import { Button, Checkbox, Flex, Popover, Typography } from 'antd';

import type { ColumnSettingsItem } from './useColumnPreferences';

export interface ColumnSettingsProps {
  items: ColumnSettingsItem[];
  onToggle(key: string, visible: boolean): void;
  onMove(key: string, offset: -1 | 1): void;
  onReset(): void;
}

/**
 * The "Columns" popover: a checkbox per column for visibility and up/down buttons for order. Every
 * control is a real checkbox or button with its own label, so it works from the keyboard.
 */
export function ColumnSettings({ items, onToggle, onMove, onReset }: ColumnSettingsProps) {
  const visibleCount = items.filter((item) => item.visible).length;
  const content = (
    <Flex vertical gap={4} role="list" aria-label="Columns" style={{ minWidth: 240 }}>
      {items.map((item, index) => (
        <Flex key={item.key} role="listitem" align="center" justify="space-between" gap={8}>
          <Checkbox
            checked={item.visible}
            // At least one column stays, or the table would have nothing to show.
            disabled={item.visible && visibleCount === 1}
            onChange={(event) => onToggle(item.key, event.target.checked)}
          >
            {item.title}
          </Checkbox>
          <Flex gap={2}>
            <Button
              size="small"
              type="text"
              aria-label={`Move ${item.title} up`}
              disabled={index === 0}
              onClick={() => onMove(item.key, -1)}
            >
              ↑
            </Button>
            <Button
              size="small"
              type="text"
              aria-label={`Move ${item.title} down`}
              disabled={index === items.length - 1}
              onClick={() => onMove(item.key, 1)}
            >
              ↓
            </Button>
          </Flex>
        </Flex>
      ))}
      <Button size="small" type="link" onClick={onReset} style={{ alignSelf: 'flex-start', padding: 0 }}>
        Reset columns
      </Button>
    </Flex>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={<Typography.Text strong>Columns</Typography.Text>}
      content={content}
    >
      <Button aria-label="Column settings">Columns</Button>
    </Popover>
  );
}
