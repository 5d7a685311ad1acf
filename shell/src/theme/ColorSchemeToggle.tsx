import { Switch, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useColorSchemeStore } from './colorScheme.store';

export function ColorSchemeToggle() {
  const colorScheme = useColorSchemeStore((state) => state.colorScheme);
  const toggleColorScheme = useColorSchemeStore((state) => state.toggleColorScheme);
  const label = colorScheme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';

  return (
    <Tooltip title={label}>
      <Switch
        aria-label={label}
        data-testid="color-scheme-toggle"
        checked={colorScheme === 'dark'}
        onChange={toggleColorScheme}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
      />
    </Tooltip>
  );
}
