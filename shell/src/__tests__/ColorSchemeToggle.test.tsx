import { fireEvent, render, screen } from '@testing-library/react';
import { ColorSchemeToggle } from '../theme/ColorSchemeToggle';
import { ThemeProvider } from '../theme/ThemeProvider';
import { COLOR_SCHEME_STORAGE_KEY } from '../theme/colorScheme.store';

it('stores the choice and applies it on the page root', () => {
  render(
    <ThemeProvider>
      <ColorSchemeToggle />
    </ThemeProvider>,
  );
  const toggle = screen.getByRole('switch', { name: 'Switch to dark mode' });
  expect(document.documentElement.dataset.colorScheme).toBe('light');

  fireEvent.click(toggle);
  expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
  expect(document.documentElement.dataset.colorScheme).toBe('dark');
  expect(screen.getByRole('switch', { name: 'Switch to light mode' })).toBeChecked();

  fireEvent.click(toggle);
  expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
  expect(document.documentElement.dataset.colorScheme).toBe('light');
});
