/**
 * Runs in `index.ts`, before the federation runtime and React load, so it may import nothing that
 * is shared (contracts, zustand, antd would be consumed eagerly and break the shared singletons).
 * It puts the stored scheme and a matching page background on <html> at once, so a dark page
 * never shows a white frame while the app loads.
 */

/** Same value as contracts' STORAGE_KEYS.colourScheme (a test keeps them equal). */
export const COLOR_SCHEME_STORAGE_KEY = 'syncdesk.colorScheme';

export type ColorScheme = 'light' | 'dark';

/** antd's layout background per algorithm (colorBgLayout), shown before antd has styled anything. */
const PAGE_BACKGROUND: Record<ColorScheme, string> = { light: '#f5f5f5', dark: '#000000' };

export function readStoredColorScheme(): ColorScheme {
  try {
    return localStorage.getItem(COLOR_SCHEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    // Storage can be blocked (privacy mode); the page still works in light.
    return 'light';
  }
}

/** Puts the scheme on <html data-color-scheme>, so plain CSS and remotes can follow it too. */
export function applyColorScheme(colorScheme: ColorScheme): void {
  const root = document.documentElement;
  root.dataset.colorScheme = colorScheme;
  root.style.colorScheme = colorScheme;
  root.style.backgroundColor = PAGE_BACKGROUND[colorScheme];
}

export function applyStoredColorScheme(): void {
  applyColorScheme(readStoredColorScheme());
}
