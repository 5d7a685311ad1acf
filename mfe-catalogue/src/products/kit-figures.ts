import { kitAvailability, type KitComponentStock } from '@syncdesk/contracts';

/** A component line as the kit editor and the detail page hold it. */
export interface KitComponentFigure extends KitComponentStock {
  sku: string;
}

export interface KitFigures {
  /** Whole kits the components allow (contracts' kitAvailability, the server's own rule). */
  kits: number;
  /** The components allowing the fewest kits (the ones to restock first); empty for no components. */
  limiting: string[];
}

/** Whole kits one component line allows on its own (null: the component is missing). */
export function kitsAllowedBy(component: KitComponentStock): number | null {
  if (component.available === null || component.available === undefined) return null;
  return kitAvailability([component]);
}

/** The kit's availability and which components hold it there. */
export function kitFigures(components: readonly KitComponentFigure[]): KitFigures {
  const kits = kitAvailability(components);
  if (components.length === 0) return { kits, limiting: [] };
  const limiting = components
    .filter((component) => (kitsAllowedBy(component) ?? 0) === kits)
    .map((component) => component.sku);
  return { kits, limiting };
}
