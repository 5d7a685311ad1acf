import { Op } from 'sequelize';
import type { StockMovementSourceDto } from '@syncdesk/contracts';
import type { Models } from '../../db/models';

/**
 * What each movement's source reference points at, within one store, so the ledger can link to it.
 * The writers' references: an order line's key (`{channel}/{order}/{line}`, order and cancellation),
 * `channel:{id}` (products a channel added), `plugin:{id}` (a warehouse's report) and
 * `import:{file hash or transfer uuid}` (an import). A reference whose record is gone (or was
 * hashed for length) has no source: the ledger shows the text as it is.
 */
export async function stockMovementSourcesOf(
  models: Models,
  storeId: number,
  refs: (string | null)[],
): Promise<Map<string, StockMovementSourceDto>> {
  const result = new Map<string, StockMovementSourceDto>();
  const wanted = [...new Set(refs.filter((ref): ref is string => ref !== null && ref !== ''))];
  if (wanted.length === 0) return result;

  const channelIds = new Map<number, string>();
  const imports: string[] = [];
  const lineKeys: string[] = [];
  for (const ref of wanted) {
    const numbered = /^(channel|plugin):(\d+)$/.exec(ref);
    if (numbered) channelIds.set(Number(numbered[2]), ref);
    else if (ref.startsWith('import:')) imports.push(ref.slice('import:'.length));
    else lineKeys.push(ref);
  }

  if (channelIds.size > 0) {
    const channels = await models.Channel.findAll({
      where: { id: { [Op.in]: [...channelIds.keys()] }, store_id: storeId },
      attributes: ['id', 'kind', 'name'],
      raw: true,
    });
    for (const channel of channels) {
      const ref = channelIds.get(channel.id)!;
      // The reference says which kind wrote it; a row of another kind is not what it meant.
      if (ref.startsWith('plugin:') && channel.kind === 'plugin') {
        result.set(ref, { kind: 'plugin', plugin_id: channel.id, label: channel.name });
      } else if (ref.startsWith('channel:') && channel.kind === 'channel') {
        result.set(ref, { kind: 'channel', channel_id: channel.id, label: channel.name });
      }
    }
  }

  if (imports.length > 0) {
    const transfers = await models.FileTransfer.findAll({
      where: {
        store_id: storeId,
        kind: 'import',
        [Op.or]: [{ content_hash: { [Op.in]: imports } }, { uuid: { [Op.in]: imports } }],
      },
      attributes: ['id', 'uuid', 'content_hash', 'original_name'],
      // The same file imported again moves nothing: the first import is the one that did.
      order: [['id', 'DESC']],
      raw: true,
    });
    for (const transfer of transfers) {
      const label = transfer.original_name ?? 'Import';
      const source = { kind: 'import' as const, transfer_uuid: transfer.uuid, label };
      if (transfer.content_hash) result.set(`import:${transfer.content_hash}`, source);
      result.set(`import:${transfer.uuid}`, source);
    }
  }

  if (lineKeys.length > 0) {
    const lines = await models.OrderItem.findAll({
      where: { line_key: { [Op.in]: lineKeys } },
      attributes: ['line_key', 'order_id'],
      raw: true,
    });
    const orders = new Map(
      (lines.length === 0
        ? []
        : await models.Order.findAll({
            where: { id: { [Op.in]: [...new Set(lines.map((line) => line.order_id))] }, store_id: storeId },
            attributes: ['id', 'order_number'],
            raw: true,
          })
      ).map((order) => [order.id, order]),
    );
    for (const line of lines) {
      const order = orders.get(line.order_id);
      if (order) {
        result.set(line.line_key, {
          kind: 'order',
          order_id: order.id,
          label: `Order ${order.order_number}`,
        });
      }
    }
  }
  return result;
}
