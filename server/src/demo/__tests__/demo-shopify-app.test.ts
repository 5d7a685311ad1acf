import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { SHOPIFY_SIMULATOR_DEFAULTS, startSimulators } from '@syncdesk/integrations';
import { demoOAuthProviders, demoShopifyApp } from '../demo-sync';

/**
 * The demo's simulated Shopify app signs the demo shop's webhooks: its secret is this deployment's
 * own, generated into the data folder, never a value written in the code that every install shares.
 */
describe("the demo's Shopify app secret", () => {
  const folders: string[] = [];
  const dataDir = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'syncdesk-demo-app-'));
    folders.push(folder);
    return folder;
  };
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('is generated into the data folder (owner-only), kept across restarts, and differs per install', () => {
    const folder = dataDir();
    const first = demoShopifyApp(folder);
    const file = path.join(folder, 'secrets', 'demo-shopify-app.key');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.clientSecret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.clientSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.clientSecret).not.toBe(SHOPIFY_SIMULATOR_DEFAULTS.clientSecret);

    expect(demoShopifyApp(folder).clientSecret).toBe(first.clientSecret);
    expect(demoShopifyApp(dataDir()).clientSecret).not.toBe(first.clientSecret);
  });

  it('is the Shopify app the deployment verifies with, unless the operator configured one', () => {
    const app = demoShopifyApp(dataDir());
    expect(JSON.parse(demoOAuthProviders(undefined, app))).toEqual({
      shopify: { clientId: app.clientId, clientSecret: app.clientSecret },
    });
    const configured = JSON.stringify({ shopify: { clientId: 'real', clientSecret: 'operator-secret' } });
    expect(JSON.parse(demoOAuthProviders(configured, app))).toEqual({
      shopify: { clientId: 'real', clientSecret: 'operator-secret' },
    });
  });

  it("signs the simulated shop's webhooks, naming the shop its address names", async () => {
    const app = demoShopifyApp(dataDir());
    const received: { headers: Headers; body: string }[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers))
          if (typeof value === 'string') headers.set(name, value);
        received.push({ headers, body });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const simulators = await startSimulators({ credentials: { shopify: app } });
    try {
      const { port } = receiver.address() as { port: number };
      const base = `${simulators.shopify.url}/admin/api/2025-01/webhooks.json`;
      const subscribed = await fetch(base, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-access-token': SHOPIFY_SIMULATOR_DEFAULTS.accessToken,
        },
        body: JSON.stringify({
          webhook: { topic: 'orders/create', address: `http://127.0.0.1:${port}/hook`, format: 'json' },
        }),
      });
      expect(subscribed.status).toBe(201);
      simulators.shopify.state.createOrder();
      for (let waited = 0; received.length === 0 && waited < 15_000; waited += 25)
        await new Promise((resolve) => setTimeout(resolve, 25));
      const [delivery] = received;
      expect(delivery?.headers.get('x-shopify-hmac-sha256')).toBe(
        createHmac('sha256', app.clientSecret).update(delivery!.body, 'utf8').digest('base64'),
      );
      expect(delivery?.headers.get('x-shopify-shop-domain')).toBe(new URL(simulators.shopify.url).host);
    } finally {
      await simulators.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
