import type { WmsAddress, WmsOrderIn } from '../wms-contract';

/**
 * Reads one order of `POST /v1/orders` the way a strict warehouse would: answers the order, or
 * what is wrong with it in the words of the VALIDATION_FAILED message.
 */
export function readOrder(value: unknown): { order: WmsOrderIn } | { problem: string } {
  if (!isObject(value)) return { problem: 'each order must be an object' };
  const reference = value.reference;
  if (typeof reference !== 'string' || reference.trim() === '' || reference.length > 100) {
    return { problem: 'reference must be a text of 1 to 100 characters' };
  }
  const orderNumber = value.order_number;
  if (typeof orderNumber !== 'string' || orderNumber.trim() === '' || orderNumber.length > 150) {
    return { problem: 'order_number must be a text of 1 to 150 characters' };
  }
  if (!Array.isArray(value.lines) || value.lines.length === 0 || value.lines.length > 500) {
    return { problem: 'lines must hold 1 to 500 lines' };
  }
  const lines: WmsOrderIn['lines'] = [];
  for (const [index, line] of value.lines.entries()) {
    if (!isObject(line) || typeof line.sku !== 'string' || line.sku.trim() === '') {
      return { problem: `lines[${index}].sku is required` };
    }
    if (typeof line.quantity !== 'number' || !Number.isInteger(line.quantity) || line.quantity < 1) {
      return { problem: `lines[${index}].quantity must be a whole number of at least 1` };
    }
    lines.push({ sku: line.sku.trim(), quantity: line.quantity });
  }
  const address = value.shipping_address;
  if (address !== undefined && address !== null && !isObject(address)) {
    return { problem: 'shipping_address must be an object or null' };
  }
  const method = value.shipping_method;
  if (method !== undefined && method !== null && typeof method !== 'string') {
    return { problem: 'shipping_method must be a text or null' };
  }
  return {
    order: {
      reference: reference.trim(),
      order_number: orderNumber.trim(),
      lines,
      shipping_address: isObject(address) ? readAddress(address) : null,
      shipping_method: typeof method === 'string' && method.trim() !== '' ? method.trim() : null,
    },
  };
}

function readAddress(value: Record<string, unknown>): WmsAddress {
  const text = (name: string) => {
    const field = value[name];
    return typeof field === 'string' && field.trim() !== '' ? field.trim() : null;
  };
  return {
    name: text('name'),
    company: text('company'),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    region: text('region'),
    postcode: text('postcode'),
    country: text('country'),
    phone: text('phone'),
  };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
