import { Op } from 'sequelize';
import type { Models } from '../../../db/models';

/** Channel (or plugin) names of a store by id, read once per export page. */
export async function channelNamesOf(models: Models, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const channels = await models.Channel.findAll({
    where: { id: { [Op.in]: unique } },
    attributes: ['id', 'name'],
    raw: true,
  });
  return new Map(channels.map((channel) => [channel.id, channel.name]));
}

/**
 * The lines (order items, invoice lines, purchase-order items) of one export page's records,
 * grouped by record id in the order `load` reads them; one query, none for an empty page.
 */
export async function linesByRecord<L>(
  recordIds: readonly number[],
  load: (ids: number[]) => Promise<L[]>,
  recordIdOf: (line: L) => number,
): Promise<Map<number, L[]>> {
  const grouped = new Map<number, L[]>();
  if (recordIds.length === 0) return grouped;
  for (const line of await load([...recordIds])) {
    const id = recordIdOf(line);
    const own = grouped.get(id);
    if (own) own.push(line);
    else grouped.set(id, [line]);
  }
  return grouped;
}
