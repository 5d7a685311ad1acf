import { LOG_STATUS } from '@syncdesk/contracts';
import { memoryRecorder } from '../../transport/transaction-record';
import { createChannelHttp } from '../../transport/channel-http';
import { unlimitedBudget } from '../../transport/rate-budget';
import { startSimulators, type RunningSimulators } from '../start-simulators';

describe('startSimulators', () => {
  let simulators: RunningSimulators;

  beforeAll(async () => {
    simulators = await startSimulators({
      skus: ['RUN-SKU-1', 'RUN-SKU-2'],
      credentials: { wms: { apiKey: 'wms-runner-key-0042' }, mirakl: { apiKey: 'mirakl-runner-key-0042' } },
      seed: 5,
    });
  });

  afterAll(async () => {
    await simulators.close();
  });

  it('starts the three simulators on free ports, each taking the credentials it was given', async () => {
    const urls = [simulators.shopify.url, simulators.mirakl.url, simulators.wms.url];
    expect(new Set(urls).size).toBe(3);
    for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const { connections } = simulators;
    const wms = await fetch(`${connections.wms.settings.api_url}/v1/stock`, {
      headers: { authorization: `Bearer ${connections.wms.credentials.api_key}` },
    });
    expect(wms.status).toBe(200);
    expect(((await wms.json()) as { levels: { sku: string }[] }).levels.map((level) => level.sku)).toEqual([
      'RUN-SKU-1',
      'RUN-SKU-2',
    ]);
    const wrongWms = await fetch(`${connections.wms.settings.api_url}/v1/stock`, {
      headers: { authorization: 'Bearer wms-demo-key-0001' },
    });
    expect(wrongWms.status).toBe(401);

    const mirakl = await fetch(`${connections.mirakl.settings.shop_url}/api/orders`, {
      headers: { authorization: connections.mirakl.credentials.api_key, accept: 'application/json' },
    });
    expect(mirakl.status).toBe(200);

    const shopify = await fetch(`${connections.shopify.settings.shop_url}/admin/api/2025-01/shop.json`, {
      headers: { 'x-shopify-access-token': connections.shopify.credentials.access_token },
    });
    const wrongShopify = await fetch(`${connections.shopify.settings.shop_url}/admin/api/2025-01/shop.json`, {
      headers: { 'x-shopify-access-token': 'shpat_wrong' },
    });
    expect(wrongShopify.status).toBe(401);
    expect(shopify.status).not.toBe(401);
  });

  it('shares the SKUs and switches demo traffic on and off together', async () => {
    expect(Object.keys(simulators.wms.state.stock())).toEqual(['RUN-SKU-1', 'RUN-SKU-2']);
    expect(Object.keys(simulators.mirakl.state.stock()).sort()).toEqual(['RUN-SKU-1', 'RUN-SKU-2']);

    simulators.startTraffic();
    expect(simulators.wms.state.summary().traffic).toBe(true);
    expect(simulators.mirakl.state.summary().traffic).toBe(true);
    expect(simulators.shopify.state.summary().traffic).not.toBeNull();
    simulators.stopTraffic();
    expect(simulators.wms.state.summary().traffic).toBe(false);
    expect(simulators.mirakl.state.summary().traffic).toBe(false);
    expect(simulators.shopify.state.summary().traffic).toBeNull();
  });

  it('fails nothing by itself unless asked for hiccups', () => {
    expect(simulators.shopify.state.faults()).toEqual([]);
    expect(simulators.mirakl.state.summary().faults).toEqual([]);
    expect(simulators.wms.state.faults()).toEqual([]);
  });

  it('with hiccups, fails a call of each simulator in turn (every try of it), recoverably', async () => {
    // Two seconds apart: the warehouse's next hiccup (6 s after its first) is not met by the reads below.
    const hiccupping = await startSimulators({ hiccups: { everyMs: 2_000 } });
    try {
      const pending = () => ({
        shopify: hiccupping.shopify.state.faults(),
        mirakl: hiccupping.mirakl.state.summary().faults,
        wms: hiccupping.wms.state.faults(),
      });
      const giveUpAt = Date.now() + 30_000;
      while (Object.values(pending()).some((faults) => faults.length === 0) && Date.now() < giveUpAt)
        await new Promise((resolve) => setTimeout(resolve, 25));
      const faults = pending();
      expect(faults.shopify[0]).toMatchObject({ status: 503, mode: 'error', remaining: 3 });
      expect(faults.mirakl[0]).toMatchObject({ status: 429, mode: 'error', remaining: 3 });
      expect(faults.wms[0]).toMatchObject({ status: 503, mode: 'error', remaining: 3 });
      // A 429 comes with the wait the caller is to keep.
      const mirakl = await fetch(`${hiccupping.connections.mirakl.settings.shop_url}/api/orders`, {
        headers: {
          authorization: hiccupping.connections.mirakl.credentials.api_key,
          accept: 'application/json',
        },
      });
      expect(mirakl.status).toBe(429);
      expect(mirakl.headers.get('retry-after')).toBeTruthy();

      // Through the transport every connector uses: the warehouse's stock read fails for good (every
      // try), recorded as a failed call with the warehouse's answer; the next read goes through.
      const recorder = memoryRecorder();
      const http = createChannelHttp({
        connection: { id: 1, companyId: 1, storeId: 1, kind: 'plugin', provider: 'WMS' },
        jobType: 'plugin_updates',
        limits: {},
        budget: unlimitedBudget,
        recorder,
        checkTarget: async () => null,
        secrets: [],
        sleep: async () => undefined,
      });
      const stock = `${hiccupping.connections.wms.settings.api_url}/v1/stock`;
      const init = { headers: { authorization: `Bearer ${hiccupping.connections.wms.credentials.api_key}` } };
      expect((await http.request('other', stock, init)).status).toBe(503);
      expect((await http.request('other', stock, init)).status).toBe(200);
      expect(
        recorder.records.map(({ httpStatus, attempts, status }) => ({ httpStatus, attempts, status })),
      ).toEqual([
        { httpStatus: 503, attempts: 3, status: LOG_STATUS.byKey('failed').value },
        { httpStatus: 200, attempts: 1, status: LOG_STATUS.byKey('success').value },
      ]);
    } finally {
      await hiccupping.close();
    }
  });

  it('fails with EADDRINUSE when a port is taken', async () => {
    const taken = Number(new URL(simulators.wms.url).port);
    await expect(startSimulators({ ports: { wms: taken } })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
