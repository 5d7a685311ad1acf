import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { REMOTES } from '@syncdesk/contracts';
import { serveFrontend } from '../serve-frontend';
import { readJson } from '../../../testing/read-json';
import { createRemoteManifest, type RemoteManifestSource } from '../remote-manifest';

function writeFile(root: string, relative: string, content: string): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

async function serve(webRoot: string, source: RemoteManifestSource = {}) {
  const app = new Koa();
  app.use(serveFrontend({ webRoot, remoteManifest: createRemoteManifest(source) }));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'fell through';
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('serving the built front end', () => {
  let webRoot: string;
  beforeAll(() => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'syncdesk-web-'));
    writeFile(webRoot, 'shell/dist/index.html', '<html>shell</html>');
    writeFile(webRoot, 'shell/dist/main.0123abcd.js', 'console.log("shell")');
    writeFile(webRoot, 'shell/dist/favicon.ico', 'icon');
    writeFile(webRoot, 'mfe-orders/dist/mf-manifest.json', '{"name":"mfe_orders"}');
    writeFile(webRoot, 'mfe-orders/dist/index.html', '<html>orders standalone</html>');
  });
  afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

  it('lists every remote in /remotes.json with absolute manifest URLs', async () => {
    const server = await serve(webRoot);
    const response = await fetch(`${server.base}/remotes.json`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await readJson(response)).toEqual(
      REMOTES.map((remote) => ({
        name: remote.name,
        entry: `${server.base}/${remote.folder}/mf-manifest.json`,
      })),
    );
    await server.close();
  });

  it('lets a deployment repoint remotes by REMOTES_JSON or by a file read on every request', async () => {
    const inline = await serve(webRoot, {
      json: '[{"name":"mfe_orders","entry":"https://cdn.example/orders/mf-manifest.json"}]',
    });
    expect(await readJson(await fetch(`${inline.base}/remotes.json`))).toEqual([
      { name: 'mfe_orders', entry: 'https://cdn.example/orders/mf-manifest.json' },
    ]);
    await inline.close();

    const file = path.join(webRoot, 'remotes.override.json');
    fs.writeFileSync(file, '[{"name":"mfe_orders","entry":"/v1/mf-manifest.json"}]');
    const fromFile = await serve(webRoot, { file });
    expect((await readJson(await fetch(`${fromFile.base}/remotes.json`)))[0].entry).toBe(
      `${fromFile.base}/v1/mf-manifest.json`,
    );
    fs.writeFileSync(file, '[{"name":"mfe_orders","entry":"/v2/mf-manifest.json"}]');
    expect((await readJson(await fetch(`${fromFile.base}/remotes.json`)))[0].entry).toBe(
      `${fromFile.base}/v2/mf-manifest.json`,
    );
    await fromFile.close();
  });

  it('serves deep links with the shell page and assets with cache headers', async () => {
    const server = await serve(webRoot);
    const deepLink = await fetch(`${server.base}/orders/1/2`, { headers: { accept: 'text/html' } });
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toBe('<html>shell</html>');
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');

    const asset = await fetch(`${server.base}/main.0123abcd.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const manifest = await fetch(`${server.base}/mfe-orders/mf-manifest.json`);
    expect(await readJson(manifest)).toEqual({ name: 'mfe_orders' });
    expect(manifest.headers.get('cache-control')).toBe('no-cache');

    const standalone = await fetch(`${server.base}/mfe-orders/orders/5`, {
      headers: { accept: 'text/html' },
    });
    expect(await standalone.text()).toBe('<html>orders standalone</html>');

    const missingAsset = await fetch(`${server.base}/missing.0123abcd.js`);
    expect(missingAsset.status).toBe(404);
    expect(await fetch(`${server.base}/mfe-orders/../../etc/passwd`).then((r) => r.text())).not.toContain(
      'root:',
    );

    const api = await fetch(`${server.base}/api/anything`, { headers: { accept: 'text/html' } });
    expect(await api.text()).toBe('fell through');
    await server.close();
  });

  it('answers /favicon.ico from the shell build, revalidated so a new icon shows after a release', async () => {
    const server = await serve(webRoot);
    const icon = await fetch(`${server.base}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\//);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    await server.close();
  });

  it('explains how to build when the shell has not been built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'syncdesk-empty-'));
    const server = await serve(empty);
    const response = await fetch(`${server.base}/`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
    await server.close();
    fs.rmSync(empty, { recursive: true, force: true });
  });
});
