import { createConfig, findRemote } from '../rspack.config.base';

export default createConfig({ app: 'mfe-orders', kind: 'remote', port: findRemote('mfe-orders').devPort });
