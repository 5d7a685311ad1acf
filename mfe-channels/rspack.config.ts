import { createConfig, findRemote } from '../rspack.config.base';

export default createConfig({
  app: 'mfe-channels',
  kind: 'remote',
  port: findRemote('mfe-channels').devPort,
});
