import type { AvailableChannelDto, ChannelCatalogueEntry, SyncCapability } from '@syncdesk/contracts';
import { providerFor } from '@syncdesk/integrations';

/**
 * What Syncdesk synchronises with a catalogue type: its provider's declared capabilities, so the
 * picker, the channel page and the "not synchronised yet" records never drift from the code that
 * syncs. Empty for a type no provider serves, or one whose provider only connects (OAuth) so far.
 */
export function syncsOf(type: string): SyncCapability[] {
  return [...(providerFor(type)?.capabilities ?? [])];
}

export function withSyncs(entry: ChannelCatalogueEntry): AvailableChannelDto {
  return { ...entry, syncs: syncsOf(entry.slug) };
}
