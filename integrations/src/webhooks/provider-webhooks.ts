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
  /**
   * The seller removed our app from their account: the provider has already revoked our tokens
   * (Shopify's `app/uninstalled`).
   */
  | { kind: 'uninstalled'; topic: string; deliveryId: string }
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

/** The person a privacy request is about, as the provider names them (any part may be absent). */
export interface ComplianceCustomer {
  remoteId: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * A privacy (data-subject) request the provider sends to one app-level address: it names the
 * account (`account`, as `accountOf` reads a connection's settings), not one of our channels.
 */
export type ComplianceRequest = {
  topic: string;
  account: string;
  /** The provider's id of this delivery, or a digest of its body: its retries repeat it. */
  deliveryId: string;
} & (
  | {
      kind: 'customer_data_request';
      customer: ComplianceCustomer;
      /** The provider's ids of the orders it says are the customer's. */
      orderIds: string[];
    }
  | { kind: 'customer_redact'; customer: ComplianceCustomer; orderIds: string[] }
  /** Erase everything of the account: sent some time after the seller removed our app. */
  | { kind: 'account_redact' }
);

/** A provider's inbound webhooks: how its deliveries are signed and what they mean. */
export interface ProviderWebhooks {
  /** True when the delivery is signed with our app's secret for this provider (constant time). */
  verify(delivery: InboundDelivery, appSecret: string): boolean;
  /** Reads a verified delivery for the connection named in the address. */
  parse(delivery: InboundDelivery, connection: { settings: Record<string, unknown> }): InboundWebhook;
  /**
   * The account a connection is, as the provider names it in its deliveries (a Shopify shop's
   * `acme.myshopify.com`); null when its settings name none.
   */
  accountOf?(settings: Record<string, unknown>): string | null;
  /** Reads a verified privacy request; null for a topic that is not one or a body that names no account. */
  parseCompliance?(delivery: InboundDelivery): ComplianceRequest | null;
}

/** A header's first value. */
export function headerOf(delivery: InboundDelivery, name: string): string | undefined {
  const value = delivery.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
