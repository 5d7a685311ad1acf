/**
 * The one place that says how a front-end app is built and federated. Each `<app>/rspack.config.ts`
 * calls `createConfig`; `rspack.config.all.ts` builds all six in one invocation.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
// A relative import keeps the build independent of how the contracts package index evolves.
import { REMOTES, type RemoteDefinition } from './contracts/src/remotes';

export type AppFolder = 'shell' | RemoteDefinition['folder'];

export interface CreateConfigOptions {
  /** Workspace folder of the app (`shell`, `mfe-orders`, …). */
  app: AppFolder;
  kind: 'host' | 'remote';
  /** Modules a remote exposes; defaults to the one `./routes` every remote offers the shell. */
  exposes?: Record<string, string>;
  /** Dev-server port. */
  port: number;
}

interface PackageJson {
  dependencies?: Record<string, string>;
}

type SharedConfig = { singleton: true; requiredVersion: string | false };

/** Third-party packages every app shares as singletons, with the package their version comes from. */
const SHARED_PACKAGES: ReadonlyArray<{ request: string; packageName: string }> = [
  { request: 'react', packageName: 'react' },
  // Subpaths are separate share keys: without them jsx-runtime is bundled into each remote and
  // react-dom/client is not shared, which yields two Reacts (toolchain notes, §2).
  { request: 'react/jsx-runtime', packageName: 'react' },
  { request: 'react/jsx-dev-runtime', packageName: 'react' },
  { request: 'react-dom', packageName: 'react-dom' },
  { request: 'react-dom/client', packageName: 'react-dom' },
  // The whole of antd is shared, untreeshaken: per-app tree shaking crashed remotes (React #130).
  { request: 'antd', packageName: 'antd' },
  // @ant-design/icons is deliberately not shared: icons hold no state, and sharing the whole set cost
  // 186 KB gz at start-up, against a few hundred bytes for the icons each app actually imports.
  { request: 'zustand', packageName: 'zustand' },
  { request: 'dayjs', packageName: 'dayjs' },
  { request: 'react-router', packageName: 'react-router' },
];

/** Workspace packages carry state (session store, realtime socket), so there must be exactly one. */
const WORKSPACE_PACKAGES = ['@syncdesk/contracts', '@syncdesk/web-kit'] as const;

/**
 * The shared-singleton settings for every app, built in one place so host and remotes always agree.
 * Versions come from the app's own package.json, which pins exact versions.
 */
export function createSharedSingletons(dependencies: Record<string, string>): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const { request, packageName } of SHARED_PACKAGES) {
    shared[request] = { singleton: true, requiredVersion: dependencies[packageName] ?? false };
  }
  for (const packageName of WORKSPACE_PACKAGES) {
    // Workspace versions never drift between apps in one build, so no version check is needed.
    shared[packageName] = { singleton: true, requiredVersion: false };
  }
  return shared;
}

export function findRemote(app: AppFolder): RemoteDefinition {
  const remote = REMOTES.find((candidate) => candidate.folder === app);
  if (!remote) throw new Error(`${app} is not a remote listed in contracts/src/remotes.ts`);
  return remote;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

/** Where the api listens under `npm run dev` (scripts/dev.ts starts it on port 3000). */
const API_DEV_URL = process.env.SYNCDESK_API_URL ?? 'http://localhost:3000';

/** The shell's icons, copied from `shell/public` beside its index.html (the .ico for old browsers). */
const SHELL_ICON_LINKS = `
    <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />`;

/** One page template for every app: the apps render into #root and need nothing else. */
function htmlPage(title: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>${head}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

export function createConfig({ app, kind, exposes, port }: CreateConfigOptions): Configuration {
  // `rspack build` defaults NODE_ENV to production and `rspack serve` to development.
  const isProduction = process.env.NODE_ENV === 'production';
  const appDirectory = path.resolve(__dirname, app);
  const packageJson = JSON.parse(
    readFileSync(path.join(appDirectory, 'package.json'), 'utf8'),
  ) as PackageJson;
  const remote = kind === 'remote' ? findRemote(app) : undefined;
  const federationName = remote ? remote.name : 'shell';

  const scriptRule: RuleSetRule = {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: {
          react: { runtime: 'automatic', development: !isProduction, refresh: !isProduction },
        },
      },
    },
    type: 'javascript/auto',
  };

  return {
    name: app,
    context: appDirectory,
    mode: isProduction ? 'production' : 'development',
    devtool: isProduction ? 'source-map' : 'cheap-module-source-map',
    // index.ts only does `import('./bootstrap')`, which gives the federation runtime a chance to
    // negotiate shared singletons before any React code runs.
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(appDirectory, 'dist'),
      uniqueName: federationName,
      filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
      // The shell must load its chunks from `/` or deep links like /orders/1/2 request
      // /orders/1/main.js; remotes resolve their own location because the shell loads them from
      // another origin or prefix.
      publicPath: kind === 'host' ? '/' : 'auto',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
    module: {
      rules: [scriptRule, { test: /\.css$/, type: 'css/auto' }],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        templateContent: remote
          ? htmlPage(`Syncdesk · ${remote.folder}`)
          : htmlPage('Syncdesk', SHELL_ICON_LINKS),
        // A remote's remoteEntry.js is an entry too, but only the shell should ever load it.
        chunks: ['main'],
        // A remote's own page (standalone mode) is a convenience for working on it: its dev server
        // serves it at `/`, while its built page is served under `/<folder>/` by the api (or at
        // `/` by any static server), so the built page uses relative script addresses.
        publicPath: kind === 'host' || !isProduction ? '/' : '',
      }),
      new ModuleFederationPlugin({
        name: federationName,
        ...(remote
          ? { filename: 'remoteEntry.js', exposes: exposes ?? { './routes': './src/routes.tsx' } }
          : // Remote locations are only known at run time (`/remotes.json`), so none are built in.
            { remotes: {} }),
        shared: createSharedSingletons(packageJson.dependencies ?? {}),
        // The default 'version-first' loads every registered remote's entry while the shell starts,
        // to compare shared versions: one unreachable remote then blanks the whole page, and every
        // remote costs a download before anything renders. With 'loaded-first' a remote is fetched
        // only when its area opens and takes the singletons the shell has already loaded.
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }),
      // Files served as they are from the shell's root (favicon.ico, favicon.svg).
      kind === 'host' && new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
      !isProduction && new ReactRefreshRspackPlugin(),
    ],
    devServer: {
      port,
      hot: true,
      historyApiFallback: true,
      headers: CORS_HEADERS,
      // Under `npm run dev` the shell is the page's origin, so it forwards the api's paths (and the
      // Socket.IO upgrade) to the api; remotes are fetched cross-origin and need only CORS.
      proxy:
        kind === 'host'
          ? [{ context: ['/api', '/socket.io', '/remotes.json'], target: API_DEV_URL, ws: true }]
          : undefined,
      client: { overlay: { errors: true, warnings: false } },
    },
    // The shared antd chunk is large by design (see SHARED_PACKAGES); a size warning adds nothing.
    performance: { hints: false },
    stats: isProduction ? 'normal' : 'errors-warnings',
  };
}
