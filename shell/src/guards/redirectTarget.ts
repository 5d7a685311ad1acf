import { isSafeRedirectPath } from '@syncdesk/contracts';

/** The query parameter that carries the path a signed-out visitor wanted. */
export const REDIRECT_PARAM = 'redirect';

/** `/login?redirect=…` for a path the login guard turned away (`/` needs no remembering). */
export function loginPathFor(intended: string): string {
  return intended === '/'
    ? '/login'
    : `/login?${new URLSearchParams({ [REDIRECT_PARAM]: intended }).toString()}`;
}

/** Spec §4/§5: after sign-in the remembered path is followed only if it is a safe relative path. */
export function redirectTargetFrom(search: string): string {
  const target = new URLSearchParams(search).get(REDIRECT_PARAM);
  return isSafeRedirectPath(target) ? target : '/';
}
