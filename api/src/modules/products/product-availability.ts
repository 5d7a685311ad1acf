import { Op, type Transaction } from 'sequelize';
import { availableQuantity, kitAvailability } from '@syncdesk/contracts';
import type { Models } from '../../db/models';

/**
 * What each product can sell now, by the one set of stock rules: on hand (never below 0) for a
 * product, the computed availability for a kit (whole kits its components' on hand allows).
 * Ids that are not products are absent from the answer. Three queries whatever the number of ids.
 */
export async function availabilityOf(
  models: Models,
  productIds: number[],
  transaction?: Transaction,
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return result;
  const products = await models.Product.findAll({
    where: { id: { [Op.in]: ids } },
    attributes: ['id', 'type', 'quantity'],
    raw: true,
    transaction,
  });
  const kitIds: number[] = [];
  for (const product of products) {
    if (product.type === 'kit') kitIds.push(product.id);
    else result.set(product.id, availableQuantity(product.quantity));
  }
  if (kitIds.length === 0) return result;

  const items = await models.KitItem.findAll({
    where: { kit_product_id: { [Op.in]: kitIds } },
    attributes: ['kit_product_id', 'component_product_id', 'quantity'],
    raw: true,
    transaction,
  });
  const componentIds = [...new Set(items.map((item) => item.component_product_id))];
  const onHand = new Map<number, number>();
  const components =
    componentIds.length === 0
      ? []
      : await models.Product.findAll({
          where: { id: { [Op.in]: componentIds } },
          attributes: ['id', 'type', 'quantity'],
          raw: true,
          transaction,
        });
  // A kit inside a kit is refused on write; should one exist anyway, it counts as missing (0).
  for (const component of components) {
    if (component.type !== 'kit') onHand.set(component.id, component.quantity);
  }
  const itemsOf = new Map<number, { available: number | undefined; quantity: number }[]>();
  for (const item of items) {
    const list = itemsOf.get(item.kit_product_id) ?? [];
    list.push({ available: onHand.get(item.component_product_id), quantity: item.quantity });
    itemsOf.set(item.kit_product_id, list);
  }
  for (const kitId of kitIds) result.set(kitId, kitAvailability(itemsOf.get(kitId) ?? []));
  return result;
}
