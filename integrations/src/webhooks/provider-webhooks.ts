/** One inbound webhook delivery as it reached our public route: the raw body and the headers. */
export interface InboundDelivery {
  rawBody: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * What a verified delivery says about the connection it was addressed to. The inbox,
 * de-duplication and queueing are ours (api); only the provider knows its shapes.
 */
export type InboundWebhook =
  /** Signed by our app, but for another account than this connection's: refused as unknown. */
  | { kind: 'other_connection' }
  /** Nothing we import (a topic we do not act on, or a body that names no order). */
  | { kind: 'ignored'; topic: string }
  | {
      kind: 'order';
      topic: string;
      remoteId: string;
      /** When the provider last changed the order, where it says so. */
      updatedAt: Date | null;
      /** The provider's id of this delivery (its retries repeat it); null when it sends none. */
      deliveryId: string | null;
      /** The body kept for the download when it is the whole order; null otherwise. */
      body: string | null;
    };

/** A provider's inbound webhooks: how its deliveries are signed and what they mean. */
export interface ProviderWebhooks {
  /** True when the delivery is signed with our app's secret for this provider (constant time). */
  verify(delivery: InboundDelivery, appSecret: string): boolean;
  /** Reads a verified delivery for the connection named in the address. */
  parse(delivery: InboundDelivery, connection: { settings: Record<string, unknown> }): InboundWebhook;
}

/** A header's first value. */
export function headerOf(delivery: InboundDelivery, name: string): string | undefined {
  const value = delivery.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
