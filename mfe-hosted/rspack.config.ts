import { createConfig, findRemote } from '../rspack.config.base';

export default createConfig({ app: 'mfe-hosted', kind: 'remote', port: findRemote('mfe-hosted').devPort });
