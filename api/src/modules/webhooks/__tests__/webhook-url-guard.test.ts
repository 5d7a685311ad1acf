import { WEBHOOK_URL_MESSAGES } from '@syncdesk/contracts';
import { isPublicAddress, webhookUrlTargetProblem, type HostResolver } from '../webhook-url-guard';

/** A resolver that knows a few names and never touches the network. */
const hosts: Record<string, string[]> = {
  'hooks.public.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'loopback.test': ['127.0.0.1'],
  'mixed.test': ['93.184.216.34', '10.0.0.5'],
  'mapped.test': ['::ffff:192.168.1.10'],
  'metadata.test': ['169.254.169.254'],
  'empty.test': [],
};
const resolve: HostResolver = async (hostname) => {
  const found = hosts[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};
const check = (url: string, allowPrivateTargets = false) =>
  webhookUrlTargetProblem(url, { allowPrivateTargets, resolve });

describe('webhook url guard', () => {
  it('accepts http(s) urls whose host is or resolves to public addresses', async () => {
    expect(await check('https://hooks.public.test/orders?x=1')).toBeNull();
    expect(await check('http://93.184.216.34:8080/hook')).toBeNull();
    expect(await check('https://[2606:4700:4700::1111]/hook')).toBeNull();
  });

  it('refuses other schemes and urls that do not parse', async () => {
    expect(await check('ftp://hooks.public.test/file')).toBe(WEBHOOK_URL_MESSAGES.scheme);
    expect(await check('hooks.public.test/orders')).toBe(WEBHOOK_URL_MESSAGES.scheme);
    expect(await check('javascript:alert(1)')).toBe(WEBHOOK_URL_MESSAGES.scheme);
    expect(await check('http://')).toBe(WEBHOOK_URL_MESSAGES.invalid);
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://10.0.0.5/hook',
    'http://172.16.4.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://192.0.2.10/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[ff02::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[64:ff9b::a00:1]/',
    // Spellings the URL parser turns into 127.0.0.1.
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://localhost/',
    'http://LOCALHOST.:8080/',
    'http://api.localhost/',
  ])('refuses %s as a private or local target', async (url) => {
    expect(await check(url)).toBe(WEBHOOK_URL_MESSAGES.privateTarget);
  });

  it('refuses host names resolving to any private address, and ones that do not resolve', async () => {
    expect(await check('http://loopback.test/')).toBe(WEBHOOK_URL_MESSAGES.privateTarget);
    expect(await check('http://mixed.test/')).toBe(WEBHOOK_URL_MESSAGES.privateTarget);
    expect(await check('http://mapped.test/')).toBe(WEBHOOK_URL_MESSAGES.privateTarget);
    expect(await check('http://metadata.test/')).toBe(WEBHOOK_URL_MESSAGES.privateTarget);
    expect(await check('http://nowhere.test/')).toBe(WEBHOOK_URL_MESSAGES.unresolved);
    expect(await check('http://empty.test/')).toBe(WEBHOOK_URL_MESSAGES.unresolved);
  });

  it('counts a lookup that hangs as unresolved', async () => {
    const never: HostResolver = () => new Promise(() => undefined);
    const problem = await webhookUrlTargetProblem('https://slow.test/', {
      allowPrivateTargets: false,
      resolve: never,
      timeoutMs: 20,
    });
    expect(problem).toBe(WEBHOOK_URL_MESSAGES.unresolved);
  });

  it('lets private targets through when allowed, without a lookup, but still wants http(s)', async () => {
    const lookups: string[] = [];
    const recording: HostResolver = async (hostname) => {
      lookups.push(hostname);
      return ['10.0.0.5'];
    };
    const options = { allowPrivateTargets: true, resolve: recording };
    expect(await webhookUrlTargetProblem('http://127.0.0.1:9000/hook', options)).toBeNull();
    expect(await webhookUrlTargetProblem('http://erp.internal/hook', options)).toBeNull();
    expect(await webhookUrlTargetProblem('ftp://erp.internal/', options)).toBe(WEBHOOK_URL_MESSAGES.scheme);
    expect(lookups).toEqual([]);
  });

  it('classifies addresses for whatever delivers webhooks later', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:127.0.0.1')).toBe(false);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});
