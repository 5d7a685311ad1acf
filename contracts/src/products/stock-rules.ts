/**
 * The stock rules, in one pure module: the api (product figures, channel quantities to push),
 * the sync engine and the browser's live preview all compute with these functions, so a number
 * on screen is always the number a channel is told.
 */

/** The stock part of a channel's settings (spec §3 "Stock"); values as a settings form stores them. */
export interface ChannelStockSettings {
  auto_sync_stock?: unknown;
  use_low_stock_buffer?: unknown;
  low_stock_buffer?: unknown;
  use_max_stock_level?: unknown;
  max_stock_level?: unknown;
}

/** One component line of a kit: its product's available quantity (null/undefined: missing) and units per kit. */
export interface KitComponentStock {
  available: number | null | undefined;
  quantity: number;
}

/** What a channel is told for a product, and why, in the seller's words. */
export interface ChannelQuantity {
  /** null: the channel is not told at all. */
  quantity: number | null;
  explanation: string[];
}

const isOn = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** A non-negative whole number from a setting, or null when it has none. */
function wholeSetting(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return null;
  return Math.max(0, Math.floor(number));
}

/** Available to sell from on-hand stock: never below 0 (negative on-hand means oversold). */
export function availableQuantity(onHand: number | null | undefined): number {
  if (typeof onHand !== 'number' || !Number.isFinite(onHand)) return 0;
  return Math.max(0, Math.floor(onHand));
}

/**
 * A kit's availability: the smallest number of whole kits its components allow, i.e. the minimum
 * over components of floor(component available / units per kit). A kit with no components, a
 * missing component or a non-positive units figure makes 0: never sell what can't be built.
 */
export function kitAvailability(components: readonly KitComponentStock[]): number {
  if (components.length === 0) return 0;
  let kits = Number.POSITIVE_INFINITY;
  for (const component of components) {
    if (component.available === null || component.available === undefined) return 0;
    if (!Number.isFinite(component.quantity) || component.quantity <= 0) return 0;
    kits = Math.min(kits, Math.floor(availableQuantity(component.available) / component.quantity));
  }
  return Number.isFinite(kits) ? kits : 0;
}

/**
 * What one sales channel should show for a product with `available` units: nothing when the
 * channel's or the product's auto sync is off; otherwise the buffer is subtracted (never below 0)
 * and then the cap applied.
 */
export function channelQuantity(
  available: number,
  settings: ChannelStockSettings | null | undefined,
  productAutoSyncStock = true,
): ChannelQuantity {
  if (!productAutoSyncStock) {
    return { quantity: null, explanation: ['Auto sync stock is off for this product'] };
  }
  if (!settings || !isOn(settings.auto_sync_stock)) {
    return { quantity: null, explanation: ['Auto sync stock is off for this channel'] };
  }
  let quantity = availableQuantity(available);
  const explanation = [`${quantity} available`];
  if (isOn(settings.use_low_stock_buffer)) {
    const buffer = wholeSetting(settings.low_stock_buffer);
    if (buffer !== null && buffer > 0) {
      quantity = Math.max(0, quantity - buffer);
      explanation.push(`Low stock buffer of ${buffer} subtracted`);
    }
  }
  if (isOn(settings.use_max_stock_level)) {
    const cap = wholeSetting(settings.max_stock_level);
    if (cap !== null && quantity > cap) {
      quantity = cap;
      explanation.push(`Capped at the maximum stock level of ${cap}`);
    }
  }
  return { quantity, explanation };
}
