import { CHANNEL_CATALOGUE, isOfferableChannelType } from '@syncdesk/contracts';

/** The channel types a link can offer, by name: the catalogue's connectable sales channels. */
export const OFFERABLE_CHANNEL_TYPES = CHANNEL_CATALOGUE.filter((entry) => isOfferableChannelType(entry.slug))
  .map((entry) => ({ value: entry.slug, label: entry.name }))
  .sort((a, b) => a.label.localeCompare(b.label));

const NAME_OF = new Map(OFFERABLE_CHANNEL_TYPES.map((option) => [option.value, option.label]));

/** 'Shopify, Etsy and 3 more' for a link's offered types. */
export function channelTypesSummary(types: readonly string[], shown = 3): string {
  const names = types.map((type) => NAME_OF.get(type) ?? type);
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}
