import { create } from 'zustand';

export type ColorScheme = 'light' | 'dark';

/** localStorage key of the person's choice (spec §4: stored locally, applied on the page root). */
export const COLOR_SCHEME_STORAGE_KEY = 'syncdesk.colorScheme';

function readStoredColorScheme(): ColorScheme {
  try {
    return localStorage.getItem(COLOR_SCHEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    // Storage can be blocked (privacy mode); the page still works in light.
    return 'light';
  }
}

/** Puts the scheme on <html data-color-scheme>, so plain CSS and remotes can follow it too. */
export function applyColorScheme(colorScheme: ColorScheme): void {
  document.documentElement.dataset.colorScheme = colorScheme;
  document.documentElement.style.colorScheme = colorScheme;
}

interface ColorSchemeState {
  colorScheme: ColorScheme;
  setColorScheme(colorScheme: ColorScheme): void;
  toggleColorScheme(): void;
}

export const useColorSchemeStore = create<ColorSchemeState>((set, get) => ({
  colorScheme: readStoredColorScheme(),
  setColorScheme(colorScheme) {
    try {
      localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, colorScheme);
    } catch {
      // Not remembered across visits, but still applied now.
    }
    applyColorScheme(colorScheme);
    set({ colorScheme });
  },
  toggleColorScheme() {
    get().setColorScheme(get().colorScheme === 'dark' ? 'light' : 'dark');
  },
}));
