/**
 * jsdom has no BroadcastChannel. This in-memory stand-in delivers a message to every other open
 * channel of the same name (never to the sender), asynchronously, as browsers do between tabs.
 */
class InMemoryBroadcastChannel extends EventTarget {
  static readonly open = new Set<InMemoryBroadcastChannel>();
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly name: string) {
    super();
    InMemoryBroadcastChannel.open.add(this);
  }

  postMessage(data: unknown): void {
    for (const channel of InMemoryBroadcastChannel.open) {
      if (channel === this || channel.name !== this.name) continue;
      queueMicrotask(() => {
        const event = new MessageEvent('message', { data });
        channel.dispatchEvent(event);
        channel.onmessage?.(event);
      });
    }
  }

  close(): void {
    InMemoryBroadcastChannel.open.delete(this);
  }
}

export function installBroadcastChannel(): void {
  Object.assign(globalThis, { BroadcastChannel: InMemoryBroadcastChannel });
}

/** A channel standing for another tab of the same browser. */
export function otherTab(name = 'syncdesk-session'): {
  messages: unknown[];
  post(data: unknown): void;
  close(): void;
} {
  const channel = new InMemoryBroadcastChannel(name);
  const messages: unknown[] = [];
  channel.addEventListener('message', (event) => messages.push((event as MessageEvent).data));
  return { messages, post: (data) => channel.postMessage(data), close: () => channel.close() };
}
