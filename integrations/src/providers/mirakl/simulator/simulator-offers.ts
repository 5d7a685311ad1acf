import { randomUUID } from 'node:crypto';
import type { MiraklExportedOffer, MiraklOfferExportStatus } from '../mirakl-offer.types';
import type { StockBook } from './simulator-stock';

/**
 * The shop's offers as the asynchronous export gives them (OF52 → OF53 → OF54): an export is a
 * snapshot taken when asked for, PENDING for `exportMs`, then COMPLETED with one URL per chunk of
 * `items_per_chunk` offers, sorted by offer id. A full export (no `last_request_date`) leaves out
 * inactive offers unless `include_inactive_offers`; an offer is inactive when out of stock. Asking
 * again while an export with the same parameters is pending answers its tracking id (OF52: "If
 * Mirakl detects a duplicate export request, the API will return the tracking_id of the existing
 * export"). Offers come from the stock book, so the quantities are the ones STO01 imports set.
 */
export interface OfferExport {
  trackingId: string;
  key: string;
  createdAt: number;
  chunks: MiraklExportedOffer[][];
  /** Set when the export is to end FAILED (OF53's `error`). */
  error: { code: string; detail: string } | null;
}

export interface OfferBook {
  /** Names an offer's description (what the listing's title becomes) and price. */
  describe(sku: string, details: { title?: string; price?: number }): void;
  offers(): MiraklExportedOffer[];
  /** The export with these parameters still pending, if any (a duplicate request answers it). */
  pending(body: Record<string, unknown>, now: number): OfferExport | undefined;
  request(body: Record<string, unknown>, now: number): OfferExport;
  get(trackingId: string): OfferExport | undefined;
  statusOf(entry: OfferExport, now: number, baseUrl: string): MiraklOfferExportStatus;
  all(): OfferExport[];
  /** Exports asked for from now on end FAILED with this error (null: they complete again). */
  failExports(error: { code: string; detail: string } | null): void;
}

export const OFFER_CHUNK_PATH = '/files/offers-export';

export function createOfferBook(options: {
  stock: StockBook;
  titles: Readonly<Record<string, string>>;
  exportMs: number;
  /** Offers per chunk at most, whatever was asked (Mirakl also cuts chunks by `megabytes_per_chunk`). */
  chunkCap: number;
}): OfferBook {
  const ids = new Map<string, number>();
  const details = new Map<string, { title?: string; price?: number }>();
  const exports = new Map<string, OfferExport>();
  let failing: { code: string; detail: string } | null = null;
  let nextId = 5000;

  const idOf = (sku: string) => {
    let id = ids.get(sku);
    if (id === undefined) {
      nextId += 1;
      id = nextId;
      ids.set(sku, id);
    }
    return id;
  };

  const keyOf = (body: Record<string, unknown>) =>
    JSON.stringify([
      Number(body.items_per_chunk ?? 10_000),
      body.include_inactive_offers === true,
      body.last_request_date ?? null,
    ]);
  const pending = (body: Record<string, unknown>, now: number) => {
    const key = keyOf(body);
    return [...exports.values()].find(
      (entry) => entry.key === key && now < entry.createdAt + options.exportMs,
    );
  };

  function offers(): MiraklExportedOffer[] {
    const list = Object.entries(options.stock.offers()).map(([sku, quantity]) => {
      const described = details.get(sku) ?? {};
      const price = described.price ?? 19.99;
      return {
        offer_id: idOf(sku),
        shop_sku: sku,
        product_sku: `PRD-${sku}`,
        active: quantity > 0,
        deleted: false,
        quantity,
        currency_iso_code: 'EUR',
        description: described.title ?? options.titles[sku] ?? `Product ${sku}`,
        state_code: '11',
        prices: [{ origin_price: price }],
      } satisfies MiraklExportedOffer;
    });
    return list.sort((a, b) => a.offer_id - b.offer_id);
  }

  return {
    describe(sku, next) {
      details.set(sku, { ...details.get(sku), ...next });
    },
    offers,
    pending,
    request(body, now) {
      const perChunk = Math.min(options.chunkCap, Number(body.items_per_chunk ?? 10_000));
      const includeInactive = body.include_inactive_offers === true;
      const duplicate = pending(body, now);
      if (duplicate) return duplicate;
      const key = keyOf(body);
      const since = typeof body.last_request_date === 'string' ? Date.parse(body.last_request_date) : null;
      // Full mode: active offers only unless asked; a delta has no notion of it here (no dates kept).
      const chosen = offers().filter((offer) => since !== null || includeInactive || offer.active);
      const chunks: MiraklExportedOffer[][] = [];
      for (let start = 0; start < chosen.length; start += perChunk)
        chunks.push(chosen.slice(start, start + perChunk));
      const entry: OfferExport = { trackingId: randomUUID(), key, createdAt: now, chunks, error: failing };
      exports.set(entry.trackingId, entry);
      return entry;
    },
    get: (trackingId) => exports.get(trackingId),
    all: () => [...exports.values()],
    failExports(error) {
      failing = error;
    },
    statusOf(entry, now, baseUrl) {
      if (now < entry.createdAt + options.exportMs) {
        return { status: 'PENDING', last_updated: new Date(entry.createdAt).toISOString() };
      }
      if (entry.error) {
        return {
          status: 'FAILED',
          last_updated: new Date(entry.createdAt + options.exportMs).toISOString(),
          error: entry.error,
        };
      }
      return {
        status: 'COMPLETED',
        last_updated: new Date(entry.createdAt + options.exportMs).toISOString(),
        urls: entry.chunks.map(
          (_, index) => `${baseUrl}${OFFER_CHUNK_PATH}/${entry.trackingId}/${index + 1}.json`,
        ),
      };
    },
  };
}
