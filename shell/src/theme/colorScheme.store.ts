import { create } from 'zustand';
import {
  applyColorScheme,
  COLOR_SCHEME_STORAGE_KEY,
  readStoredColorScheme,
  type ColorScheme,
} from './applyStoredColorScheme';

export { applyColorScheme, COLOR_SCHEME_STORAGE_KEY, type ColorScheme };

interface ColorSchemeState {
  colorScheme: ColorScheme;
  setColorScheme(colorScheme: ColorScheme): void;
  toggleColorScheme(): void;
}

/** The person's light/dark choice (spec §4: stored locally, applied on the page root). */
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
