/**
 * Where an OAuth round trip started from a hosted page comes back to. The provider sends the
 * browser to our callback page, which knows the channel but not the page's token (the token never
 * travels through the provider), so the page keeps it in this tab's sessionStorage before leaving.
 */
const RETURN_KEY = 'syncdesk-hosted-return';

export function rememberHostedReturn(token: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, token);
  } catch {
    // Without storage the redirecting page asks the visitor to open their link again.
  }
}

export function hostedReturnToken(): string | null {
  try {
    return sessionStorage.getItem(RETURN_KEY);
  } catch {
    return null;
  }
}

/** The visitor's own light/dark choice on hosted pages (spec §4: stored locally). */
const COLOR_SCHEME_KEY = 'syncdesk-hosted-color-scheme';

export function storedHostedDarkMode(): boolean | null {
  try {
    const stored = localStorage.getItem(COLOR_SCHEME_KEY);
    return stored === 'dark' ? true : stored === 'light' ? false : null;
  } catch {
    return null;
  }
}

export function storeHostedDarkMode(dark: boolean): void {
  try {
    localStorage.setItem(COLOR_SCHEME_KEY, dark ? 'dark' : 'light');
  } catch {
    // Applied now, not remembered.
  }
}
