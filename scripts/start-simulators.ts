/**
 * `npm run start:simulators`: the live demo scaled out. Starts the Shopify, Mirakl and WMS simulators
 * at fixed addresses (`SIMULATORS_HOST`, default 127.0.0.1; `SHOPIFY_SIMULATOR_PORT` 4010,
 * `MIRAKL_SIMULATOR_PORT` 4020, `WMS_SIMULATOR_PORT` 4030) and connects the demo store to them —
 * what `npm start` does in its one process — for a deployment of api replicas and workers.
 *
 * Run it with the deployment's environment (DATABASE_URL, DATA_DIR or the same secrets, REDIS_URL,
 * REDIS_PREFIX) and DEMO_SIMULATORS=on, which the api replicas and workers also need: with it they
 * trust these addresses (and no other private one) and the simulated Shopify app. The demo store is
 * seeded by an api replica started with DEMO_SEED=on. The process stays up until Ctrl+C.
 *
 * It boots the product as role `tool` (the services and the live event bus, no HTTP, no job runner):
 * the channels' jobs it queues run in the workers. Exits 1 when the demo cannot be connected, 2 on
 * a configuration mistake.
 */
import { loadConfig, type Config } from '@syncdesk/api';
import {
  demoShopifyApp,
  startDemoSync,
  startProcess,
  type DemoSync,
  type RunningProcess,
} from '@syncdesk/server';
import { stopOnSignals } from './stop-on-signals';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = { ...loadConfig(), role: 'tool' };
  } catch (error) {
    fail((error as Error).message, 2);
  }
  const demoSync = config.demoSync;
  if (!demoSync) {
    fail(
      'DEMO_SIMULATORS is off: set DEMO_SIMULATORS=on here and on every api replica and worker of the demo.',
      2,
    );
  }

  const running: RunningProcess = await startProcess(config);
  let demo: DemoSync | null = null;
  try {
    demo = await startDemoSync(running.services, {
      traffic: demoSync.traffic,
      // As in the all-in-one demo: now and then a simulator fails a call, so failures are seen retried.
      failures: demoSync.failures,
      limits: config.syncRateLimits,
      shopifyApp: demoShopifyApp(config.dataDir),
      listen: demoSync.simulators,
    });
    if (!demo) {
      throw new Error(
        'The demo store (Acme UK of Acme Trading) is not in this database: start an api replica with ' +
          'DEMO_SEED=on first (it creates the demo accounts, catalogue and store once), then run this again.',
      );
    }
    // What the all-in-one process's worker does at start: the channels' webhooks and recurring jobs,
    // queued here and run by the deployment's workers.
    for (const channel of demo.channels) await running.services.channelJobs?.activated(channel);
  } catch (error) {
    await demo?.close();
    await running.stop();
    const code = (error as { code?: unknown } | null)?.code;
    fail(
      code === 'EADDRINUSE'
        ? `A simulator port is already in use (${(error as Error).message}). Stop what holds it or set *_SIMULATOR_PORT.`
        : (error as Error).message,
      1,
    );
  }

  const { simulators } = demo;
  console.log(
    [
      'Demo simulators running, the demo store (Acme UK) connected to them:',
      `  Shopify  ${simulators.shopify.url}`,
      `  Mirakl   ${simulators.mirakl.url}`,
      `  WMS      ${simulators.wms.url}`,
      demoSync.traffic
        ? 'Demo traffic is on: new orders every few seconds (DEMO_TRAFFIC=off to stop it).'
        : 'Demo traffic is off: create orders with POST <url>/__simulator/orders.',
      'The workers (DEMO_SIMULATORS=on) import, push stock and send shipments; open pages update live.',
      'Press Ctrl+C to stop.',
    ].join('\n'),
  );

  stopOnSignals(() => Promise.all([demo.close(), running.stop()]));
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
