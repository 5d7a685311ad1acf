import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { REMOTES } from '@syncdesk/contracts';
import type { RemoteManifestEntry } from '@syncdesk/contracts';

export interface FrontendOptions {
  /** Folder holding `shell/dist` and `mfe-*\/dist`. */
  webRoot: string;
  remoteManifest: (origin: string) => RemoteManifestEntry[];
}

// Files whose names carry no content hash must be revalidated; hashed ones can be cached for good.
// The shell's icons (copied from shell/public) keep fixed names because browsers ask for /favicon.ico.
const UNHASHED =
  /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|favicon\.ico|favicon\.svg)$/;
const HASHED = /\.[0-9a-f]{8}\.(js|css|mjs)$/;

async function sendFile(ctx: Parameters<Middleware>[0], root: string, file: string): Promise<boolean> {
  const served = await send(ctx, file, {
    root,
    index: false,
    setHeaders(response, filePath) {
      if (UNHASHED.test(filePath)) response.setHeader('Cache-Control', 'no-cache');
      else if (HASHED.test(filePath))
        response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  }).catch((error: { status?: number }) => {
    if (error.status === 404 || error.status === 400) return '';
    throw error;
  });
  return served !== '';
}

/**
 * Serves the built front end from the one process: `/remotes.json`, each remote under its own
 * folder prefix, the shell at `/`, and the shell's index.html for any other page path so that deep
 * links (history mode) load.
 */
export function serveFrontend(options: FrontendOptions): Middleware {
  const shellDist = path.join(options.webRoot, 'shell', 'dist');
  const remoteDists = new Map<string, string>(
    REMOTES.map((remote) => [remote.folder, path.join(options.webRoot, remote.folder, 'dist')]),
  );

  return async function frontend(ctx, next) {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/socket.io'))
      return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();

    if (ctx.path === '/remotes.json') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = options.remoteManifest(`${ctx.protocol}://${ctx.host}`);
      return;
    }

    const [, firstSegment = '', ...rest] = ctx.path.split('/');
    const remoteDist = remoteDists.get(firstSegment);
    if (remoteDist) {
      // A remote runs standalone too: its own index.html answers its unknown paths.
      const file = rest.join('/') || 'index.html';
      if (await sendFile(ctx, remoteDist, file)) return;
      if (!path.extname(file) && (await sendFile(ctx, remoteDist, 'index.html'))) return;
      return next();
    }

    if (ctx.path !== '/' && (await sendFile(ctx, shellDist, ctx.path.slice(1)))) return;
    if (path.extname(ctx.path) && ctx.path !== '/') return next();
    if (!ctx.accepts('html')) return next();
    if (!fs.existsSync(path.join(shellDist, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The front end is not built yet: run `npm run build` (or `npm start`, which builds first).';
      return;
    }
    await sendFile(ctx, shellDist, 'index.html');
  };
}
