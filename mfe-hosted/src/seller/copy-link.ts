import { SUCCESS_MESSAGES } from '@syncdesk/contracts';
import { notifyError, notifySuccess } from '@syncdesk/web-kit';

/** Puts a link on the clipboard and says so ('Copied to clipboard.'). */
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notifySuccess(SUCCESS_MESSAGES.copied);
  } catch {
    // No clipboard access (an insecure origin, a refused permission): the link stays on screen.
    notifyError('The link could not be copied: select it and copy it yourself.');
  }
}
