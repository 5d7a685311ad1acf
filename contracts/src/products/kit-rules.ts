import type { ProductType } from './product.dto';

/**
 * The rules a kit's component list must follow, in one pure module: the api refuses a kit that
 * breaks them (422 with the field map) and the browser's kit editor shows the same words as the
 * seller types. A kit is built from products of the same store; a kit never holds stock itself.
 */

/** Messages in the seller's words. */
export const KIT_MESSAGES = {
  needsComponent: 'A kit needs at least one component.',
  onlyKitsHaveComponents: 'Only a kit has components. Choose the type Kit, or remove the components.',
  kitStock: "A kit's stock comes from its components.",
  componentQuantity: 'Each component needs a whole number of units of at least 1.',
  componentSkuRequired: 'Choose the SKU of a product for this component.',
  ownComponent: (sku: string) => `A kit can not contain itself (${sku}).`,
  kitInKit: (sku: string) => `${sku} is a kit, and a kit can not contain another kit.`,
  unknownSku: (sku: string) => `There is no product with SKU ${sku} in this store.`,
  duplicateComponent: (sku: string) =>
    `${sku} is already a component of this kit; change its quantity instead.`,
  componentCannotBecomeKit: (sku: string, kits: string) =>
    `${sku} is a component of ${kits}, so it can not become a kit.`,
} as const;

/** One component line as entered. */
export interface KitItemInput {
  sku: string;
  quantity: number;
  product_nominal_code?: string | null;
}

/** What the rules need to know of a product a component line names. */
export interface KitComponentCandidate {
  type: ProductType;
}

/** SKUs compare as a seller reads them: surrounding spaces and letter case don't make another SKU. */
export function sameSku(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The problems of a kit's component list, keyed as the api's field map (`kit_items`,
 * `kit_items.1.sku`, `kit_items.0.quantity`); empty when the list is fine. `find` answers the
 * store's product for a SKU (undefined: none).
 */
export function kitItemProblems(
  kitSku: string,
  items: readonly KitItemInput[],
  find: (sku: string) => KitComponentCandidate | undefined,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  if (items.length === 0) add('kit_items', KIT_MESSAGES.needsComponent);
  const seen: string[] = [];
  items.forEach((item, index) => {
    const sku = typeof item.sku === 'string' ? item.sku.trim() : '';
    if (!Number.isInteger(item.quantity) || item.quantity < 1) {
      add(`kit_items.${index}.quantity`, KIT_MESSAGES.componentQuantity);
    }
    if (sku === '') {
      add(`kit_items.${index}.sku`, KIT_MESSAGES.componentSkuRequired);
      return;
    }
    if (kitSku.trim() !== '' && sameSku(sku, kitSku)) {
      add(`kit_items.${index}.sku`, KIT_MESSAGES.ownComponent(sku));
    } else if (seen.some((earlier) => sameSku(earlier, sku))) {
      add(`kit_items.${index}.sku`, KIT_MESSAGES.duplicateComponent(sku));
    } else {
      const component = find(sku);
      if (!component) add(`kit_items.${index}.sku`, KIT_MESSAGES.unknownSku(sku));
      else if (component.type === 'kit') add(`kit_items.${index}.sku`, KIT_MESSAGES.kitInKit(sku));
    }
    seen.push(sku);
  });
  return problems;
}

/** 'the kit KIT-9 (Gift box)' or 'the kits KIT-9 (Gift box), KIT-10 (Party pack)'. */
export function kitList(kits: readonly { sku: string; title: string }[]): string {
  const names = kits.map((kit) => `${kit.sku} (${kit.title})`).join(', ');
  return `${kits.length === 1 ? 'the kit' : 'the kits'} ${names}`;
}

/** Why a product can not be deleted on its own: it is a component of kits that stay. */
export function usedInKitsMessage(sku: string, kits: readonly { sku: string; title: string }[]): string {
  const those = kits.length === 1 ? 'that kit' : 'those kits';
  return `${sku} is used in ${kitList(kits)}. Delete ${those} first or together with it.`;
}
