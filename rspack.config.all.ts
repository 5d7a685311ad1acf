/**
 * Every front-end app in one `rspack build` (`npm run build`): the shell and the five remotes,
 * each into `<app>/dist`. Remotes are independent builds; the shell finds them at run time.
 */
import { createConfig } from './rspack.config.base';
import { REMOTES } from './contracts/src/remotes';

export default [
  createConfig({ app: 'shell', kind: 'host', port: 3001 }),
  ...REMOTES.map((remote) => createConfig({ app: remote.folder, kind: 'remote', port: remote.devPort })),
];
