import {
  routes,
  type AuthorizationCallbackInput,
  type ChannelAuthorizeDto,
  type ChannelKind,
  type RouteParam,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** The consent link, and the provider's name for "Redirecting to Shopify…". */
export interface AuthorizationLink extends ChannelAuthorizeDto {
  provider: string;
}

/** What the callback connected (api/CHANNELS_API.md, "Authorisation (OAuth)"). */
export interface AuthorizationResult {
  channel_id: number;
  store_id: number;
  kind: ChannelKind;
  name: string;
  /** Finished from a guest link: the person here may have no login. */
  guest: boolean;
  /** Started from a hosted page: where to go next (its redirecting page). */
  return_to?: string;
}

/** Everything the provider put in the query of the callback page, passed on as it came. */
export type ProviderAnswer =
  AuthorizationCallbackInput | { error: string; error_description?: string; state?: string };

const SEGMENT_OF: Record<ChannelKind, string> = {
  channel: 'channels',
  accounting: 'accountingChannels',
  plugin: 'plugins',
};

/** `GET stores/{storeId}/{channels|accountingChannels|plugins}/{id}/authorize`. */
export async function authorizeConnection(
  kind: ChannelKind,
  storeId: RouteParam,
  id: RouteParam,
): Promise<AuthorizationLink> {
  const path = `/stores/${storeId}/${SEGMENT_OF[kind]}/${id}/authorize`;
  return (await apiClient.get<{ data: AuthorizationLink }>(path)).data;
}

/** `POST authorization/[plugin/]{slug}/callback`: public, the signed state is the authority. */
export async function completeAuthorization(
  slug: string,
  plugin: boolean,
  answer: ProviderAnswer,
): Promise<AuthorizationResult> {
  const page = plugin ? routes.authorizationPlugin(slug) : routes.authorization(slug);
  return (await apiClient.post<{ data: AuthorizationResult }>(`${page}/callback`, answer)).data;
}

/** The edit page of what was connected. */
export function connectionDetailRoute(result: Pick<AuthorizationResult, 'kind' | 'store_id' | 'channel_id'>) {
  switch (result.kind) {
    case 'channel':
      return routes.channelDetail(result.store_id, result.channel_id);
    case 'accounting':
      return routes.accountingChannelDetail(result.store_id, result.channel_id);
    case 'plugin':
      return routes.pluginDetail(result.store_id, result.channel_id);
  }
}
