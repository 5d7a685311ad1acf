import type { ChannelDto, ListParams } from '@syncdesk/contracts';

/** One `name[operator]` entry of the list parameters' filters. */
export type FilterOperators = NonNullable<ListParams['filters']>[string];

/** Sets (or, with no operators, drops) one `name[operator]` filter, back on page 1. */
export function withFilter(
  params: ListParams,
  field: string,
  operators: FilterOperators | undefined,
): ListParams {
  const filters = { ...params.filters };
  if (operators) filters[field] = operators;
  else delete filters[field];
  return { ...params, filters, page: 1 };
}

/** TikTok Shop listings are filtered by its own product states (spec §4) instead of the listing filter. */
export function isTiktokChannel(channel: Pick<ChannelDto, 'type'> | null): boolean {
  return channel?.type === 'tiktok';
}

/** The listing tab shown: PRODUCT_LISTING_FILTER's value as text, or TIKTOK_PRODUCT_FILTER's. */
export function listingFilterOf(params: ListParams, tiktok: boolean): string {
  if (tiktok) return String(params.filters?.tiktok_status?.eq ?? 'ALL');
  return params.filter ?? '0';
}

/**
 * The list parameters for a listing tab: `filter` = 1 draft, 2 pending, 4 live (0, all, is sent as
 * nothing), or for TikTok `tiktok_status[eq]` (ALL is sent as nothing).
 */
export function withListingFilter(params: ListParams, tiktok: boolean, value: string): ListParams {
  if (tiktok) return withFilter(params, 'tiktok_status', value === 'ALL' ? undefined : { eq: value });
  return { ...params, filter: value === '0' ? undefined : value, page: 1 };
}
