import { NOTIFICATION_LEVEL, routes } from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';

/** The error kinds that tell the user something they must fix, each raised once per run of errors. */
export type NoticeKind = 'token_expired' | 'auth' | 'deactivated';

export interface SyncNotice {
  level: number;
  title: string;
  message: string;
}

const WARNING = NOTIFICATION_LEVEL.byKey('warning').value;
const ERROR = NOTIFICATION_LEVEL.byKey('error').value;

/** Whether a notice speaks of a sales channel or a plugin (a WMS, an accounting link): both are `channels` rows. */
export type ConnectionNoun = 'channel' | 'plugin';

/** The noun a connection row is spoken of by: plugins are not the seller's channels. */
export const connectionNounOf = (connection: Pick<Channel, 'kind'>): ConnectionNoun =>
  connection.kind === 'plugin' ? 'plugin' : 'channel';

/** The channel notices of integration-domain §4 / platform-shell §4, in the seller's words. */
export function syncNotice(
  kind: NoticeKind,
  channelName: string,
  lastError: string | null,
  noun: ConnectionNoun = 'channel',
): SyncNotice {
  switch (kind) {
    case 'token_expired':
      return {
        level: WARNING,
        title: `${channelName}: ${noun} token expired`,
        message: `The access token of ${channelName} has expired and could not be renewed. Reconnect the ${noun} to resume syncing.`,
      };
    case 'auth':
      return {
        level: ERROR,
        title: `${channelName}: authentication issue`,
        message: `${channelName} refused our credentials${lastError ? ` (${lastError})` : ''}. Check the ${noun}'s credentials or reconnect it.`,
      };
    case 'deactivated':
      return {
        level: ERROR,
        title: `${channelName} was deactivated`,
        message: `${channelName} was deactivated after more than 24 hours of consecutive errors${lastError ? `. Last error: ${lastError}` : ''}. Fix the cause, then activate the ${noun} again.`,
      };
  }
}

/** The connection's own page: a plugin has its own (`/stores/{s}/plugins/{id}`); a channel path would not load it. */
export const channelPagePath = (channel: Pick<Channel, 'store_id' | 'id' | 'kind'>) =>
  connectionNounOf(channel) === 'plugin'
    ? routes.pluginDetail(channel.store_id, channel.id)
    : routes.channelDetail(channel.store_id, channel.id);

/**
 * Who hears about a channel's health: the company's owner and every member whose role may change
 * channels (`channels.update`, what switching a channel back on or reconnecting it needs).
 * Platform administrators are not members and are not told.
 */
export async function channelManagers(models: Models, companyId: number): Promise<number[]> {
  const [company, members] = await Promise.all([
    models.Company.findByPk(companyId, { attributes: ['owner_user_id'] }),
    models.CompanyUser.findAll({ where: { company_id: companyId }, attributes: ['user_id', 'role_id'] }),
  ]);
  const roleIds = [
    ...new Set(members.map((member) => member.role_id).filter((id): id is number => id !== null)),
  ];
  const roles = roleIds.length
    ? await models.Role.findAll({ where: { id: roleIds, company_id: companyId } })
    : [];
  const managingRoles = new Set(
    roles.filter((role) => (role.permissions ?? []).includes('channels.update')).map((role) => role.id),
  );
  const users = new Set<number>();
  if (company?.owner_user_id) users.add(company.owner_user_id);
  for (const member of members) {
    if (member.role_id !== null && managingRoles.has(member.role_id)) users.add(member.user_id);
  }
  return [...users].sort((a, b) => a - b);
}
