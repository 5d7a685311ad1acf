/**
 * Session actions end somewhere (`/` after a company switch, `/login` after a logout) but web-kit
 * has no router of its own: the shell registers its router's navigate here. Without one (a remote
 * run on its own) a full page load does the same.
 */
export type SessionNavigate = (path: string) => void;

let navigator: SessionNavigate | null = null;

/** Registers the router's navigate; returns a function restoring the previous one. */
export function setSessionNavigator(navigate: SessionNavigate | null): () => void {
  const previous = navigator;
  navigator = navigate;
  return () => {
    navigator = previous;
  };
}

export function navigateForSession(path: string): void {
  if (navigator) navigator(path);
  else globalThis.location?.assign(path);
}
