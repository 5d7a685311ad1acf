/**
 * The Mirakl simulator of the product download bench, in a process of its own so the worker's
 * memory figure is the worker's: it holds BENCH_LISTINGS offers (and the export's snapshot of them).
 * The offer export is ready at once and OF53 answers every poll: the figure is ours, not Mirakl's.
 */
import { startMiraklSimulator } from '@syncdesk/integrations';

export type SimulatorMessage = { type: 'ready'; url: string; apiKey: string };

async function main(): Promise<void> {
  const listings = Number(process.env.BENCH_LISTINGS ?? 50_000);
  const simulator = await startMiraklSimulator({
    host: '127.0.0.1',
    port: 0,
    skus: ['BENCH-000000'],
    offerExportMs: 0,
    exportStatusWindowMs: 0,
    fullExportWindowMs: 0,
  });
  for (let index = 0; index < listings; index += 1) {
    simulator.state.addOffer(`BENCH-${String(index).padStart(6, '0')}`, {
      quantity: index % 50,
      title: `Bench product ${index}`,
      price: 5 + (index % 100),
    });
  }
  process.send?.({
    type: 'ready',
    url: simulator.url,
    apiKey: simulator.state.apiKey,
  } satisfies SimulatorMessage);
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'stop') void simulator.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
