import type { ChannelListingInput } from '../../connector';
import type { MiraklExportedOffer } from './mirakl-offer.types';

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Whether an OF54 entry is an offer we can list (ids present). */
export function isExportedOffer(value: unknown): value is MiraklExportedOffer {
  const offer = value as Partial<MiraklExportedOffer> | null;
  return (
    !!offer &&
    typeof offer === 'object' &&
    (typeof offer.offer_id === 'number' || isText(offer.offer_id)) &&
    isText(offer.shop_sku)
  );
}

/** The default price (the one without a context), its discount first: what a buyer pays today. */
function priceOf(offer: MiraklExportedOffer): number | null {
  const prices = offer.prices ?? [];
  const chosen = prices.find((price) => !price.context) ?? prices[0];
  const value = chosen?.discount_price ?? chosen?.origin_price;
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

/**
 * An offer as a listing: the offer id is what identifies it at Mirakl, the shop SKU is the seller's
 * own SKU (STO01 names offers by it), the product SKU is the operator's product it is attached to.
 * OF54 carries no product title, so the offer's description stands in, then the SKU.
 */
export function toListing(offer: MiraklExportedOffer): ChannelListingInput {
  const quantity =
    typeof offer.quantity === 'number' && Number.isFinite(offer.quantity) ? offer.quantity : null;
  return {
    remoteId: String(offer.offer_id),
    parentRemoteId: isText(offer.product_sku) ? offer.product_sku : null,
    sku: offer.shop_sku.trim(),
    title: isText(offer.description) ? offer.description.trim().slice(0, 255) : offer.shop_sku.trim(),
    barcode: null,
    price: priceOf(offer),
    currency: isText(offer.currency_iso_code) ? offer.currency_iso_code : null,
    quantity: quantity === null ? null : Math.trunc(quantity),
    imageUrl: null,
    weightGrams: null,
    extra: {
      active: offer.active ?? null,
      state_code: offer.state_code ?? null,
      ...(offer.warehouses?.length ? { warehouses: offer.warehouses } : {}),
    },
  };
}
