import { useLayoutEffect, type ReactNode } from 'react';
import { App, ConfigProvider, theme } from 'antd';
import { NotificationBridge } from '@syncdesk/web-kit';
import { applyColorScheme, useColorSchemeStore } from './colorScheme.store';

/**
 * antd's theme for the whole page. Remotes render inside it and share the same antd instance, so
 * they follow the shell's light/dark choice without knowing about it. antd's `App` gives
 * `App.useApp()` notifications that read this theme (the static functions would not), and
 * web-kit's NotificationBridge does the same for notifyError/notifySuccess.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const colorScheme = useColorSchemeStore((state) => state.colorScheme);

  // Applied before paint so the stored choice shows without a light flash.
  useLayoutEffect(() => applyColorScheme(colorScheme), [colorScheme]);

  return (
    <ConfigProvider
      theme={{
        algorithm: colorScheme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: '#3d71da' },
      }}
    >
      <App>
        <NotificationBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
