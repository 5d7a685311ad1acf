import { createConfig, findRemote } from '../rspack.config.base';

export default createConfig({
  app: 'mfe-catalogue',
  kind: 'remote',
  port: findRemote('mfe-catalogue').devPort,
});
