/**
 * The message catalogue (platform-shell §8, integration-domain §8). Error texts are the spec's,
 * verbatim, typos included ('occured', 'contact with', 'could not initialized'), because users and
 * support search for them; `{name}` marks a placeholder filled by `formatMessage`.
 */
export const ERROR_MESSAGES = {
  tooManyLoginAttempts: 'Too many login attempts. Please try again in {timer} seconds.',
  captchaNotInitialized: 'Captcha could not initialized.',
  cannotDeleteCompany: 'You can not delete this company',
  cannotDeleteActiveChannel: 'You can not delete an active channel',
  cannotDeleteActivePlugin: 'You can not delete an active plugin',
  cannotDeleteUser: 'You can not delete this user',
  cannotDeleteRole: 'You can not delete this role',
  channelConnectError: 'An error has occured while connecting your channel. Please contact with support team',
  pluginConnectError: 'An error has occured while connecting your plugin. Please contact with support team',
  deleteIpError: 'An error has occured while deleting ip. Please contact with support team',
  // The spec reuses the ip text for custom order statuses.
  deleteCustomOrderStatusError: 'An error has occured while deleting ip. Please contact with support team',
  channelConnectionFailed: 'Channel connection failed, with {msg}',
  emailNotVerified: 'Your e-mail address could not be verified.',
  // The spec names the captcha reports without their texts.
  captchaNoKey: 'Captcha: no key provided.',
  captchaNoVersion: 'Captcha: no version provided.',
  captchaScriptLoadFailed: 'Captcha: failed to load script.',
  captchaExecuteFailed: 'Captcha: failed to execute.',
} as const;

/** Success texts: short full sentences (the spec names the situations, not the words). */
export const SUCCESS_MESSAGES = {
  completed: 'Completed successfully.',
  created: 'Created successfully.',
  updated: 'Updated successfully.',
  deleted: 'Deleted successfully.',
  switchedCompany: 'Switched to company {company}.',
  channelConnected: 'Channel connected successfully.',
  pluginConnected: 'Plugin connected successfully.',
  passwordChanged: 'Password changed successfully.',
  resetLinkSent:
    'Password reset link sent. If you do not receive an e-mail within 24 hours, please contact support.',
  userVerified: 'User verified successfully.',
  invitationSent: 'Invitation sent successfully.',
  // The same words whether or not the address already had an account: the answer must not tell.
  userAddedOrInvited:
    'Done. If {email} is new to Syncdesk, its account is ready; if it already has one, its owner has been invited to join and will appear here after accepting.',
  copied: 'Copied to clipboard.',
  // Where the result shows comes first: the e-mail is a copy, and without SMTP it stays in the outbox.
  exportStarted:
    'Export started. When the file is ready, Download appears beside Export and in your notifications; you will also be notified by e-mail.',
  importStarted:
    'Import started. When it is finished, the outcome appears here and in your notifications; you will also be notified by e-mail.',
  helpMessageReceived: 'Your help message has been received.',
  channelMigrationCompleted: 'Channel migration completed successfully.',
  emailVerified: 'E-mail address verified successfully.',
  verifyAccountPrompt: 'Please verify your account using the link in the e-mail we sent you.',
} as const;

/** The notification text when neither the server nor a single field error says anything. */
export const SOMETHING_WENT_WRONG = 'Something went wrong, please try again.';

/** Texts of the missing-page and error pages (platform-shell §2). */
export const NOT_FOUND_MESSAGES = {
  pageNotFound: 'This page could not be found',
  notFoundTitle: '404 Not Found',
  errorTitle: 'An error occurred',
  homeLink: 'Home page',
  fallback: 'An error occurred while showing the error page.',
} as const;

/** Shown by a hosted page whose token resolves to no user. */
export const TOKEN_EXPIRED = 'Token expired';

/** Register form: the phone number did not validate. */
export const INVALID_PHONE_NUMBER = 'Please enter a valid phone number.';

/** Label of inactive catalogue entries (e.g. cubecart). */
export const COMING_SOON = 'Coming soon...';

/** List selection prompts ('select all N', 'clear selection'). */
export const SELECTION_MESSAGES = {
  selectAll: 'Select all {count}',
  clearSelection: 'Clear selection',
  /** After 'Select all N' is chosen, when more rows match since: the choice stays as it was. */
  newSinceChosen: '{count} more since you chose: not included.',
} as const;

/**
 * Fills `{name}` placeholders. A placeholder without a value stays as written, so a missing value
 * is visible instead of silently vanishing.
 */
export function formatMessage(
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
