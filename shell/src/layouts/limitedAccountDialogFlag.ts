import { STORAGE_KEYS } from '@syncdesk/contracts';

/** Spec §9: the limited-account dialog shows while this local flag is true; it starts true. */
export function readLimitedAccountDialogFlag(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.limitedAccountDialog) !== 'false';
  } catch {
    return true;
  }
}

export function writeLimitedAccountDialogFlag(value: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEYS.limitedAccountDialog, String(value));
  } catch {
    // Blocked storage: the dialog simply shows again next time.
  }
}
