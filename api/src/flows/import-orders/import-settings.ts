/** The channel settings the import reads (channel.settings, with the catalogue's defaults). */
export interface ImportSettings {
  getOrders: boolean;
  prefix: string;
  ignoreBefore: Date | null;
  autoHold: boolean;
  deductStock: boolean;
}

export function importSettingsOf(settings: Record<string, unknown>): ImportSettings {
  const on = (name: string, fallback: boolean) =>
    settings[name] === undefined || settings[name] === null ? fallback : Boolean(settings[name]);
  const prefix =
    on('use_order_prefix', false) && typeof settings.order_prefix === 'string'
      ? settings.order_prefix.trim()
      : '';
  let ignoreBefore: Date | null = null;
  if (on('ignore_orders_before', false) && settings.ignore_orders_before_at) {
    const date = new Date(String(settings.ignore_orders_before_at));
    ignoreBefore = Number.isNaN(date.getTime()) ? null : date;
  }
  return {
    getOrders: on('get_orders', true),
    prefix,
    ignoreBefore,
    autoHold: on('auto_hold_orders', false),
    deductStock: on('deduct_stock_via_orders', false),
  };
}
