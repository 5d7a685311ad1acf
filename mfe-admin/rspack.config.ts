import { createConfig, findRemote } from '../rspack.config.base';

export default createConfig({ app: 'mfe-admin', kind: 'remote', port: findRemote('mfe-admin').devPort });
