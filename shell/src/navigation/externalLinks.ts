/**
 * Addresses of the side navigation's external links. The contracts leave them to the deployment;
 * these are the product's public sites.
 */
export const USER_GUIDE_URL = 'https://docs.syncdesk.example/user-guide';
export const HELPDESK_URL = 'https://support.syncdesk.example/helpdesk';

/** Spec §2: the helpdesk opens with a request parameter holding the user's support hash. */
export function helpdeskUrl(supportHash: string): string {
  const url = new URL(HELPDESK_URL);
  url.searchParams.set('request', supportHash);
  return url.toString();
}
