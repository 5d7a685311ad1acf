import { hasScope } from '@syncdesk/contracts';
import { useSessionUser } from './useSessionUser';

/**
 * Whether the signed-in user's role works under data protection: the server masks names,
 * e-mails, phones and addresses for it and refuses searches on them, so screens offer only the
 * searches that role may make. Administrators are never masked (the server's rule too).
 */
export function useHidesPersonalData(): boolean {
  const user = useSessionUser();
  return Boolean(user && !user.administrator && hasScope(user.scope, 'data_protection'));
}
