import { loadConfig } from '../config';

/** The demo's own failures are a demo switch: on with its traffic, off when asked or when quiet. */
describe('DEMO_FAILURES', () => {
  const demo = (environment: Record<string, string>) => {
    const { demoSync } = loadConfig({ NODE_ENV: 'development', ...environment });
    if (!demoSync) throw new Error('the embedded default runs the live demo');
    return demoSync;
  };

  it('is on with the demo traffic by default, and off when the traffic is (the e2e demo)', () => {
    expect(demo({})).toMatchObject({ traffic: true, failures: true });
    expect(demo({ DEMO_TRAFFIC: 'off' })).toMatchObject({ traffic: false, failures: false });
  });

  it('can be switched on its own', () => {
    expect(demo({ DEMO_FAILURES: 'off' })).toMatchObject({ traffic: true, failures: false });
    expect(demo({ DEMO_TRAFFIC: 'off', DEMO_FAILURES: 'on' })).toMatchObject({
      traffic: false,
      failures: true,
    });
  });
});
