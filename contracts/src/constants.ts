/** Business constants shared by the shell and the remotes (platform-shell §9). */

/** Error/success snackbar: visible this long, bottom right, with a Close button. */
export const SNACKBAR_DURATION_MS = 3000;

/** The limited-account dialog closes itself after this many seconds, counting down each second. */
export const LIMITED_ACCOUNT_DIALOG_SECONDS = 60;

/** A channel with consecutive errors for longer than this is deactivated. */
export const CHANNEL_DEACTIVATION_ERROR_HOURS = 24;

/** Local storage keys named by the spec, plus the session token's. */
export const STORAGE_KEYS = {
  authToken: 'syncdesk.auth.token',
  columnPreferences: 'dc-columns',
  pushDeviceTokenId: 'fcmDeviceToken',
  colourScheme: 'syncdesk.colorScheme',
  limitedAccountDialog: 'syncdesk.limited-account-dialog',
} as const;

export const PUSH_DEVICE_TYPE = 'web';

export const NAVIGATION_PROGRESS = { throttleMs: 200, durationMs: 5000 } as const;
export const ROUTE_PREFETCH_IDLE_MS = 2000;
export const LOCALE_COOKIE_DAYS = 365;
export const DEFAULT_CURRENCY = 'GBP';

/** The reload after a failed code-chunk load happens at most once per this interval. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export interface HostedPageStyles {
  isLogoHidden: boolean;
  backgroundColor: string;
  buttonColor: string;
  buttonTextColor: string;
  toggleLightColor: string;
  toggleDarkColor: string;
  displaySearch: boolean;
  fontSize: string;
  isDarkMode: boolean;
  isCustomStylesheetsEnabled: boolean;
  customStylesheets: { id: string; url: string }[];
}

/**
 * Hosted-page look when the owner has not customised it. The spec gives the colours, font size
 * and dark mode; showing the logo and the search box is our default for the rest.
 */
export const HOSTED_PAGE_DEFAULT_STYLES: Readonly<HostedPageStyles> = {
  isLogoHidden: false,
  backgroundColor: '#ffffff',
  buttonColor: '#121212',
  buttonTextColor: '#ffffff',
  toggleLightColor: '#add3ff',
  toggleDarkColor: '#3d71da',
  displaySearch: true,
  fontSize: '12px',
  isDarkMode: false,
  isCustomStylesheetsEnabled: false,
  customStylesheets: [],
};

/** Height of the logo placeholder when the logo is hidden on non-index hosted pages. */
export const HOSTED_PAGE_HIDDEN_LOGO_HEIGHT_PX = 30;
