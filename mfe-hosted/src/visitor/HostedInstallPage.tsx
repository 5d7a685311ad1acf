import { Navigate, useParams, useSearchParams } from 'react-router';

import { routes } from '@syncdesk/contracts';

import { useHostedPage } from './HostedPageFrame';

/**
 * `/hostedPages/{token}/install?type={channelType}&…`: where a channel's own install step lands a
 * hosted visitor. An offered type goes to its form with the query's values filled in (a shop
 * address, say); anything else to the page's index.
 */
export function HostedInstallPage() {
  const { token, user } = useHostedPage();
  const { token: tokenParam } = useParams();
  const [query] = useSearchParams();
  const type = query.get('type') ?? query.get('channel_type') ?? '';
  if (!type || !user.channel_types.includes(type))
    return <Navigate to={routes.hostedPage(tokenParam ?? token)} replace />;
  const rest = new URLSearchParams(query);
  rest.delete('type');
  rest.delete('channel_type');
  const search = rest.toString();
  return (
    <Navigate to={`${routes.hostedPageChannelCreate(token, type)}${search ? `?${search}` : ''}`} replace />
  );
}
