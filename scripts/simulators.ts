/**
 * `npm run simulators`: the Shopify, Mirakl and WMS simulators as standalone servers on fixed
 * ports (4010, 4020, 4030; `SHOPIFY_SIMULATOR_PORT`, `MIRAKL_SIMULATOR_PORT`, `WMS_SIMULATOR_PORT`
 * override), selling and stocking the demo catalogue's SKUs, with a new order every few seconds
 * unless `DEMO_TRAFFIC=off`. Prints where they listen and the credentials a channel needs.
 * `SIMULATORS_HOST=0.0.0.0` makes them reachable from other machines.
 */
import { demoProducts } from '@syncdesk/api';
import { startSimulators } from '@syncdesk/integrations';
import { stopOnSignals } from './stop-on-signals';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    console.error(`${name} must be a port number, not "${raw}".`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const traffic = (process.env.DEMO_TRAFFIC ?? 'on').toLowerCase() !== 'off';
  const simulators = await startSimulators({
    host: process.env.SIMULATORS_HOST ?? '127.0.0.1',
    ports: {
      shopify: port('SHOPIFY_SIMULATOR_PORT', 4010),
      mirakl: port('MIRAKL_SIMULATOR_PORT', 4020),
      wms: port('WMS_SIMULATOR_PORT', 4030),
    },
    skus: demoProducts().map((product) => product.sku),
    traffic,
  });
  const { credentials } = simulators;
  console.log(
    [
      'Simulators running:',
      `  Shopify  ${simulators.shopify.url}`,
      `           shop_url=${simulators.shopify.url}  access token ${credentials.shopify.accessToken}`,
      `           client id ${credentials.shopify.clientId}  client secret ${credentials.shopify.clientSecret}`,
      `  Mirakl   ${simulators.mirakl.url}`,
      `           shop_url=${simulators.mirakl.url}  api key ${credentials.mirakl.apiKey}  shop id ${credentials.mirakl.shopId}`,
      `  WMS      ${simulators.wms.url}`,
      `           api_url=${simulators.wms.url}  api key ${credentials.wms.apiKey}`,
      '',
      traffic
        ? 'Demo traffic is on: new orders every few seconds (DEMO_TRAFFIC=off to stop it).'
        : 'Demo traffic is off: create orders with POST <url>/__simulator/orders.',
      'Each simulator: GET /__simulator/state, /__simulator/calls, /__simulator/stock; POST/DELETE /__simulator/faults.',
      'Press Ctrl+C to stop.',
    ].join('\n'),
  );

  stopOnSignals(() => simulators.close());
}

main().catch((error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  console.error(
    code === 'EADDRINUSE'
      ? `A simulator port is already in use (${(error as Error).message}). Stop what holds it or set *_SIMULATOR_PORT.`
      : error,
  );
  process.exit(1);
});
