import type { ChannelCatalogueEntry, ChannelKind } from './catalogue';

/**
 * What Syncdesk synchronises with a provider. Each provider declares its own in `integrations/`
 * (the one registry); the api serves them with the catalogue and with every channel, so the picker
 * and the channel page show what really syncs rather than a hand-kept list.
 */
export const SYNC_CAPABILITIES = [
  { value: 'orders_in', label: 'Orders in' },
  { value: 'orders_out', label: 'Orders out' },
  { value: 'products_in', label: 'Products in' },
  { value: 'stock_in', label: 'Stock in' },
  { value: 'stock_out', label: 'Stock out' },
  { value: 'fulfilment_in', label: 'Fulfilment in' },
  { value: 'fulfilment_out', label: 'Fulfilment out' },
  { value: 'invoices_out', label: 'Invoices out' },
  { value: 'acknowledgements_out', label: 'Acknowledgements out' },
] as const;

export type SyncCapability = (typeof SYNC_CAPABILITIES)[number]['value'];

/** `GET available-channels`: a catalogue entry and what Syncdesk synchronises with it (empty: nothing yet). */
export interface AvailableChannelDto extends ChannelCatalogueEntry {
  syncs: SyncCapability[];
}

/** "Orders in, stock out and fulfilment out", in the vocabulary's order. */
export function describeSyncs(syncs: readonly SyncCapability[]): string {
  const labels = SYNC_CAPABILITIES.filter((capability) => syncs.includes(capability.value)).map(
    (capability, index) => (index === 0 ? capability.label : capability.label.toLowerCase()),
  );
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * What the seller reads (on the channel page, and once a day in the transaction records) about a
 * type that can be connected but that Syncdesk does not synchronise yet.
 */
export function notSynchronisedText(name: string, kind: ChannelKind): string {
  const untouched =
    kind === 'accounting' ? 'invoices stay as they are' : 'orders, stock and fulfilment stay as they are';
  return `Syncdesk does not synchronise ${name} yet: ${untouched}`;
}
