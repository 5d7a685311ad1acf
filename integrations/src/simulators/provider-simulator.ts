import type { ConnectionInfo } from '../connector';
import type { InboundDelivery } from '../webhooks/provider-webhooks';

/** A failure the simulator plays on its next matching calls (every simulator speaks this much). */
export interface SimulatedFault {
  status: 401 | 429 | 500 | 503;
  /** `error` answers the status; `malformed` answers it with a body that is not what was asked. */
  mode?: 'error' | 'malformed';
  count?: number;
  /** A regular expression matched against the call's path; every call when absent. */
  path?: string;
}

/** An error as a transaction record keeps it, for the explainer. */
export interface SimulatedError {
  httpStatus: number | null;
  errorCode: string | null;
  responseBody: string | null;
  /** The record's message, in the connector's words. */
  message: string;
}

/**
 * A provider's simulator as the conformance suite and the demo drive it: started on a free local
 * port, with the connection a channel (or plugin) row pointed at it would give its connector.
 */
export interface ProviderSimulator {
  start(): Promise<SimulatedAccount>;
  /** Its accounts offer `addListings` (known before one starts, so the suite can name a skip). */
  addsListings?: boolean;
}

export interface SimulatedAccount {
  url: string;
  connection: ConnectionInfo;
  /** Our OAuth app at the provider, where the provider has one (token refresh, webhook signatures). */
  app?: { clientId: string; clientSecret: string };
  /** Items one page of the download holds with the connector's defaults. */
  pageSize: number;
  /**
   * Makes `count` new changes the download reads, each a moment after the last: orders of a sales
   * channel, shipments of a plugin. Answers their remote ids as the connector reports them.
   */
  addChanges(count: number): Promise<string[]>;
  /**
   * Where the connector downloads products: adds `count` new listings to the account's catalogue
   * and answers their SKUs. Absent, the product download case is skipped with that reason.
   */
  addListings?(count: number): Promise<string[]>;
  fail(fault: SimulatedFault): void;
  /** The calls received so far: path and when (ms since the epoch). */
  calls(): { path: string; at: number }[];
  /** Where access tokens expire: the current one expires now; refreshes so far. */
  tokens?: { expire(): void; refreshes(): number };
  /** Where the provider sends webhooks: a real delivery about a new order, as its sender signs it. */
  nextWebhook?(): Promise<InboundDelivery>;
  /** Every error the simulator answers with (besides the faults above), as records hold them. */
  errors(): SimulatedError[];
  close(): Promise<void>;
}
