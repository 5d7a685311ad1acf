import type { StockMovementReason } from '@syncdesk/contracts';
import type { RequestScope } from '../../http/request-scope';

/**
 * The one way a product's on-hand quantity changes. Every change writes an append-only
 * stock_movements row and updates the product in the same transaction; the same idempotency key
 * applied twice changes nothing.
 */
export interface StockChange {
  productId: number;
  /** Exactly one of delta (relative) or setTo (absolute; the movement records the difference). */
  delta?: number;
  setTo?: number;
  reason: StockMovementReason;
  /** What caused it, e.g. an order line, an import file, a plugin message. */
  sourceRef?: string | null;
  /** The same key twice changes nothing. A random key when absent. */
  idempotencyKey?: string;
}

export interface StockChangeResult {
  productId: number;
  /** false: the key was already applied, or a set to the figure it already had. */
  applied: boolean;
  before: number;
  after: number;
}

/** Told after a committed change: the changed products plus every kit containing them. */
export type StockChangeListener = (storeId: number, affectedProductIds: number[]) => Promise<void> | void;

export interface StockService {
  /** Applies the changes (all of products of `storeId`) in one transaction, then tells the listeners and publishes `stock:changed`. */
  apply(
    actor: RequestScope | null,
    storeId: number,
    changes: StockChange[],
    options?: { via?: string },
  ): Promise<StockChangeResult[]>;
  /** For the orders domain: take stock for one order line (kits expand into components); idempotent per line key. */
  deductForOrderLine(
    storeId: number,
    lineKey: string,
    sku: string,
    quantity: number,
  ): Promise<StockChangeResult[]>;
  /** Gives back what `deductForOrderLine` took for that line key (once). */
  restoreForOrderLine(storeId: number, lineKey: string): Promise<StockChangeResult[]>;
  /** The given products plus every kit containing any of them. */
  affectedIds(productIds: number[]): Promise<number[]>;
  /** Called after every committed change (the channel-quantity recompute subscribes here). */
  onChanged(listener: StockChangeListener): void;
}
