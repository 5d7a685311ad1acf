/**
 * Tab-to-tab session messages (spec §4): a company switch makes the other open tabs of this browser
 * take the new token and go to `/`; a logout makes them log out and go to `/login`.
 */
export const SESSION_CHANNEL_NAME = 'syncdesk-session';

export type SessionBroadcastMessage = { type: 'company-switched'; token: string } | { type: 'signed-out' };

let channel: BroadcastChannel | null | undefined;

// One channel object per page: a BroadcastChannel never receives its own messages, so the tab that
// sends does not react to itself, while every other tab does.
function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL_NAME);
  }
  return channel;
}

function isSessionBroadcastMessage(value: unknown): value is SessionBroadcastMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    message.type === 'signed-out' ||
    (message.type === 'company-switched' && typeof message.token === 'string')
  );
}

export function broadcastSessionMessage(message: SessionBroadcastMessage): void {
  try {
    sessionChannel()?.postMessage(message);
  } catch {
    // A closed channel (page unloading) has nobody left to tell.
  }
}

/** Calls `listener` for every well-formed message from another tab; returns the unsubscribe. */
export function listenToSessionMessages(listener: (message: SessionBroadcastMessage) => void): () => void {
  const target = sessionChannel();
  if (!target) return () => undefined;
  const onMessage = (event: MessageEvent<unknown>) => {
    if (isSessionBroadcastMessage(event.data)) listener(event.data);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
