import type { StockPushProvenanceDto } from '@syncdesk/contracts';

type KitComponent = NonNullable<StockPushProvenanceDto['kit_components']>[number];

/** Whole kits a component's stock makes. */
export function kitsFrom(component: KitComponent): number {
  return component.per_kit > 0 ? Math.floor(component.on_hand / component.per_kit) : 0;
}

/** Whole kits the components make together: the scarcest one decides. */
function kitsAvailable(components: KitComponent[] | null): number | null {
  if (!components || components.length === 0) return null;
  return Math.min(...components.map(kitsFrom));
}

/**
 * How a push's number was worked out, in one sentence built from the stored inputs:
 * "Told Shopify 7: on hand 12 − buffer 2 = 10, capped at 7 (was 9)". Steps whose input was not
 * stored are left out rather than guessed.
 */
export function stockPushSentence(push: StockPushProvenanceDto, channelName: string): string {
  const verb =
    push.outcome === 'held'
      ? `Held back ${push.quantity} for ${channelName}`
      : push.outcome === 'failed'
        ? `Could not tell ${channelName} ${push.quantity}`
        : `Told ${channelName} ${push.quantity}`;

  const kits = push.on_hand === null ? kitsAvailable(push.kit_components) : null;
  const start = push.on_hand ?? kits;
  const steps: string[] = [];
  if (start !== null) {
    let value = start;
    let expression =
      push.on_hand !== null
        ? `on hand ${push.on_hand}`
        : `${kits} ${kits === 1 ? 'kit' : 'kits'} from its components`;
    if (push.buffer !== null && push.buffer > 0) {
      value = Math.max(0, value - push.buffer);
      expression += ` − buffer ${push.buffer} = ${value}`;
    }
    steps.push(expression);
    if (push.cap !== null && value > push.cap) steps.push(`capped at ${push.cap}`);
  }
  const was = push.previous_quantity !== null ? ` (was ${push.previous_quantity})` : '';
  return `${verb}${steps.length > 0 ? `: ${steps.join(', ')}` : ''}${was}`;
}

/** One kit component's part: "MUG-1: 9 on hand, 2 per kit, makes 4". */
export function kitComponentText(component: KitComponent): string {
  return `${component.sku}: ${component.on_hand} on hand, ${component.per_kit} per kit, makes ${kitsFrom(component)}`;
}
