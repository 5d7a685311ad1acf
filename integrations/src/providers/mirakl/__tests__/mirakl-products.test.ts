import type { ListingsPage } from '../../../connector';
import type { MiraklSimulator } from '../simulator';
import { connectionTo, connectorFor, startSimulator } from '../../../testing/mirakl-test-kit';

/**
 * The product download through the asynchronous offer export: OF52 asks, OF53 says PENDING (the
 * connector answers "still running" with Mirakl's poll interval instead of waiting), then each OF54
 * chunk file is one page. The simulator keeps Mirakl's windows (10 s for OF53, a day for a full
 * export), shortened here, never skipped.
 */
describe('Mirakl connector: product download (OF52 → OF53 → OF54)', () => {
  let simulator: MiraklSimulator;
  const POLL_MS = 150;

  beforeEach(async () => {
    simulator = await startSimulator({
      skus: ['MUG-1', 'LID-1'],
      initialStock: { 'MUG-1': 4, 'LID-1': 0 },
      offerExportMs: 300,
      exportStatusWindowMs: POLL_MS,
      fullExportWindowMs: 0,
    });
    simulator.state.addOffer('CUP-1', { quantity: 7, title: 'Blue cup', price: 12.5 });
    for (let index = 0; index < 4; index += 1) simulator.state.addOffer(`PLATE-${index}`, { quantity: 1 });
  });
  afterEach(() => simulator.close());

  /** Pages until the end, waiting as each "still running" page asks. */
  async function downloadAll(offersPerChunk: number) {
    const { connector } = connectorFor(connectionTo(simulator), { exportPollMs: POLL_MS, offersPerChunk });
    const pages: ListingsPage[] = [];
    let cursor: string | null = null;
    do {
      const page: ListingsPage = await connector.listProducts!(cursor);
      pages.push(page);
      if (page.listings.length === 0 && page.next) {
        await new Promise((resolve) => setTimeout(resolve, page.retryAfterMs ?? 0));
      }
      cursor = page.next;
    } while (cursor !== null);
    return pages;
  }

  it('asks for the export, says "still running" while Mirakl prepares it, then reads one chunk per page', async () => {
    const pages = await downloadAll(3);

    expect(pages[0]).toMatchObject({ listings: [], retryAfterMs: POLL_MS });
    const withListings = pages.filter((page) => page.listings.length > 0);
    expect(withListings.map((page) => page.listings.length)).toEqual([3, 3, 1]);
    const listings = withListings.flatMap((page) => page.listings);
    // Out of stock is inactive at Mirakl, and it is the offer whose stock most needs pushing.
    expect(listings.map((listing) => listing.sku).sort()).toEqual(
      ['CUP-1', 'LID-1', 'MUG-1', 'PLATE-0', 'PLATE-1', 'PLATE-2', 'PLATE-3'].sort(),
    );
    expect(listings.find((listing) => listing.sku === 'CUP-1')).toMatchObject({
      parentRemoteId: 'PRD-CUP-1',
      title: 'Blue cup',
      price: 12.5,
      currency: 'EUR',
      quantity: 7,
    });
    expect(new Set(listings.map((listing) => listing.remoteId)).size).toBe(7);

    const calls = simulator.state.calls();
    expect(
      calls.filter((call) => call.path.startsWith('/api/offers/export/async') && call.method === 'POST'),
    ).toHaveLength(1);
    expect(calls.filter((call) => call.path.includes('/status/')).length).toBeGreaterThanOrEqual(2);
    expect(calls.filter((call) => call.status === 429)).toEqual([]);
  });

  it('a second full export within the day is refused by Mirakl (429), not sent around the limit', async () => {
    await simulator.close();
    simulator = await startSimulator({ offerExportMs: 0, exportStatusWindowMs: 0 });
    const { connector } = connectorFor(connectionTo(simulator), { exportPollMs: 0 });
    await connector.listProducts!(null);
    await expect(connector.listProducts!(null)).rejects.toMatchObject({ kind: 'rate_limited' });
  });
});
