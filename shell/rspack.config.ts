import { createConfig } from '../rspack.config.base';

export default createConfig({ app: 'shell', kind: 'host', port: 3001 });
