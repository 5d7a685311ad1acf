import { WEBHOOK_URL_MESSAGES } from '@syncdesk/contracts';
import {
  isPublicAddress,
  outboundUrlMessage,
  outboundUrlProblem,
  type HostResolver,
  type OutboundUrlProblem,
} from '@syncdesk/integrations';
import { webhookUrlTargetProblem } from '../webhook-url-guard';

/** A resolver that knows a few names and never touches the network. */
const hosts: Record<string, string[]> = {
  'hooks.public.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'loopback.test': ['127.0.0.1'],
  'mixed.test': ['93.184.216.34', '10.0.0.5'],
  'mapped.test': ['::ffff:192.168.1.10'],
  'metadata.test': ['169.254.169.254'],
  'compatible.test': ['::a9fe:a9fe'],
  'nat64.test': ['64:ff9b::a00:1'],
  'teredo.test': ['2001:0:4136:e378:8000:63bf:80ff:fffe'],
  'documentation.test': ['2001:db8::5'],
  'zoned.test': ['fe80::1%eth0'],
  'empty.test': [],
};
const resolve: HostResolver = async (hostname) => {
  const found = hosts[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};
const check = (url: string, allowPrivateTargets = false) =>
  webhookUrlTargetProblem(url, { allowPrivateTargets, resolve });

type Verdict = 'accepted' | OutboundUrlProblem;

/**
 * Every form a target can take, and what the guard says. Transition forms (IPv4-compatible, NAT64,
 * 6to4, Teredo) are refused even when the IPv4 address they carry is public; IPv4-mapped is judged
 * as its IPv4 address (see outbound-url-guard.ts).
 */
const TARGETS: readonly [url: string, verdict: Verdict][] = [
  // Plain public addresses and names.
  ['https://hooks.public.test/orders?x=1', 'accepted'],
  ['http://93.184.216.34:8080/hook', 'accepted'],
  ['http://8.8.8.8./hook', 'accepted'],
  ['https://[2606:4700:4700::1111]/hook', 'accepted'],
  ['https://[2606:4700:4700::ABCD]/hook', 'accepted'],
  ['https://[2606:4700:4700:0000:0000:0000:0000:1111]/hook', 'accepted'],
  ['https://[2001:200::1]/', 'accepted'],
  ['https://[2a00:1450:4001:81c::200e]/', 'accepted'],
  // Just outside the private and special blocks.
  ['http://172.15.255.255/', 'accepted'],
  ['http://172.32.0.1/', 'accepted'],
  ['http://100.63.255.255/', 'accepted'],
  ['http://100.128.0.1/', 'accepted'],
  ['http://198.20.0.1/', 'accepted'],
  ['http://223.255.255.254/', 'accepted'],
  // Odd spellings of public IPv4 addresses: the URL parser writes them as 8.8.8.8.
  ['http://134744072/', 'accepted'],
  ['http://0x08080808/', 'accepted'],
  // IPv4-mapped is the socket API's spelling of the IPv4 address itself.
  ['http://[::ffff:8.8.8.8]/', 'accepted'],
  ['http://[::ffff:808:808]/', 'accepted'],

  // The two probe addresses: IPv4-compatible loopback and 169.254.169.254.
  ['http://[::127.0.0.1]/', 'privateTarget'],
  ['http://[::a9fe:a9fe]/latest/meta-data', 'privateTarget'],
  // Special-purpose IPv4.
  ['http://127.0.0.1/hook', 'privateTarget'],
  ['http://127.255.255.254/', 'privateTarget'],
  ['http://10.0.0.5/hook', 'privateTarget'],
  ['http://172.16.4.1/', 'privateTarget'],
  ['http://172.31.255.255/', 'privateTarget'],
  ['http://192.168.1.1/', 'privateTarget'],
  ['http://169.254.169.254/latest/meta-data', 'privateTarget'],
  ['http://100.64.0.1/', 'privateTarget'],
  ['http://100.127.255.255/', 'privateTarget'],
  ['http://0.0.0.0/', 'privateTarget'],
  ['http://0.1.2.3/', 'privateTarget'],
  ['http://192.0.0.8/', 'privateTarget'],
  ['http://192.0.2.10/', 'privateTarget'],
  ['http://192.88.99.1/', 'privateTarget'],
  ['http://198.18.0.1/', 'privateTarget'],
  ['http://198.19.255.255/', 'privateTarget'],
  ['http://198.51.100.7/', 'privateTarget'],
  ['http://203.0.113.9/', 'privateTarget'],
  ['http://224.0.0.1/', 'privateTarget'],
  ['http://239.255.255.250/', 'privateTarget'],
  ['http://240.0.0.1/', 'privateTarget'],
  ['http://255.255.255.255/', 'privateTarget'],
  // Spellings the URL parser turns into 127.0.0.1, 10.0.0.1 and 169.254.169.254.
  ['http://0x7f000001/', 'privateTarget'],
  ['http://2130706433/', 'privateTarget'],
  ['http://0177.0.0.1/', 'privateTarget'],
  ['http://017700000001/', 'privateTarget'],
  ['http://0x7f.1/', 'privateTarget'],
  ['http://127.1/', 'privateTarget'],
  ['http://127.0.0.1./', 'privateTarget'],
  ['http://%31%32%37.0.0.1/', 'privateTarget'],
  ['http://10.1/', 'privateTarget'],
  ['http://0xa9.0xfe.0xa9.0xfe/', 'privateTarget'],
  ['http://0XA9FEA9FE/', 'privateTarget'],
  ['http://2852039166/', 'privateTarget'],
  // Special-purpose IPv6, in short, upper-case and fully expanded forms.
  ['http://[::1]/', 'privateTarget'],
  ['http://[0000:0000:0000:0000:0000:0000:0000:0001]/', 'privateTarget'],
  ['http://[::]/', 'privateTarget'],
  ['http://[fe80::1]/', 'privateTarget'],
  ['http://[FE80::1]/', 'privateTarget'],
  ['http://[fec0::1]/', 'privateTarget'],
  ['http://[fc00::1]/', 'privateTarget'],
  ['http://[FD12:3456::1]/', 'privateTarget'],
  ['http://[ff02::1]/', 'privateTarget'],
  ['http://[100::1]/', 'privateTarget'],
  ['http://[2001:db8::1]/', 'privateTarget'],
  ['http://[2001:DB8:0:0:0:0:0:1]/', 'privateTarget'],
  ['http://[2001:2::1]/', 'privateTarget'],
  ['http://[2001:10::1]/', 'privateTarget'],
  ['http://[2001:20::1]/', 'privateTarget'],
  ['http://[2001:1ff::1]/', 'privateTarget'],
  ['http://[3fff::1]/', 'privateTarget'],
  ['http://[1fff:ffff::1]/', 'privateTarget'],
  ['http://[4000::1]/', 'privateTarget'],
  // IPv4-mapped, judged as the IPv4 address.
  ['http://[::ffff:127.0.0.1]/', 'privateTarget'],
  ['http://[::FFFF:A9FE:A9FE]/', 'privateTarget'],
  ['http://[::ffff:10.0.0.1]/', 'privateTarget'],
  ['http://[0:0:0:0:0:ffff:7f00:1]/', 'privateTarget'],
  // IPv4-compatible (deprecated) and IPv4-translated: refused whatever they carry.
  ['http://[::10.0.0.1]/', 'privateTarget'],
  ['http://[0:0:0:0:0:0:7f00:1]/', 'privateTarget'],
  ['http://[::8.8.8.8]/', 'privateTarget'],
  ['http://[::ffff:0:8.8.8.8]/', 'privateTarget'],
  // NAT64, well-known and local-use prefixes.
  ['http://[64:ff9b::127.0.0.1]/', 'privateTarget'],
  ['http://[64:ff9b::a9fe:a9fe]/', 'privateTarget'],
  ['http://[64:ff9b::10.0.0.1]/', 'privateTarget'],
  ['http://[64:ff9b::8.8.8.8]/', 'privateTarget'],
  ['http://[64:ff9b:1::a00:1]/', 'privateTarget'],
  ['http://[64:ff9b:1::808:808]/', 'privateTarget'],
  // 6to4: the IPv4 address sits in bits 16-48.
  ['http://[2002:7f00:1::1]/', 'privateTarget'],
  ['http://[2002:a9fe:a9fe::1]/', 'privateTarget'],
  ['http://[2002:a00:1::1]/', 'privateTarget'],
  ['http://[2002:808:808::1]/', 'privateTarget'],
  // Teredo: the client's IPv4 address is the last 32 bits inverted; the server's is bits 32-64.
  ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'privateTarget'],
  ['http://[2001:0:4136:e378:8000:63bf:5601:5601]/', 'privateTarget'],
  ['http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/', 'privateTarget'],
  ['http://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/', 'privateTarget'],
  ['http://[2001:0:7f00:1:8000:63bf:f7f7:f7f7]/', 'privateTarget'],
  // Local names, whatever DNS would say.
  ['http://localhost/', 'privateTarget'],
  ['http://LOCALHOST.:8080/', 'privateTarget'],
  ['http://api.localhost/', 'privateTarget'],
  ['http://intranet/hook', 'privateTarget'],
  // Names resolving to any address that is not plain public unicast.
  ['http://loopback.test/', 'privateTarget'],
  ['http://mixed.test/', 'privateTarget'],
  ['http://mapped.test/', 'privateTarget'],
  ['http://metadata.test/', 'privateTarget'],
  ['http://compatible.test/', 'privateTarget'],
  ['http://nat64.test/', 'privateTarget'],
  ['http://teredo.test/', 'privateTarget'],
  ['http://documentation.test/', 'privateTarget'],
  ['http://zoned.test/', 'privateTarget'],

  // Zone ids have no place in a URL: the WHATWG parser refuses them.
  ['http://[fe80::1%25eth0]/', 'invalid'],
  ['http://[2606:4700:4700::1111%25eth0]/', 'invalid'],
  ['http://', 'invalid'],
  ['ftp://hooks.public.test/file', 'scheme'],
  ['hooks.public.test/orders', 'scheme'],
  ['javascript:alert(1)', 'scheme'],
  ['http://nowhere.test/', 'unresolved'],
  ['http://empty.test/', 'unresolved'],
];

describe('outbound url guard', () => {
  it.each(TARGETS)('%s is %s', async (url, verdict) => {
    const problem = verdict === 'accepted' ? null : verdict;
    expect(await outboundUrlProblem(url, { allowPrivateTargets: false, resolve })).toBe(problem);
    // Webhooks keep the words their form already shows.
    expect(await check(url)).toBe(problem ? WEBHOOK_URL_MESSAGES[problem] : null);
  });

  it('covers at least 40 forms, accepted and refused', () => {
    expect(TARGETS.length).toBeGreaterThanOrEqual(40);
    expect(TARGETS.filter(([, verdict]) => verdict === 'accepted').length).toBeGreaterThanOrEqual(10);
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
    expect(await webhookUrlTargetProblem('http://[::127.0.0.1]/hook', options)).toBeNull();
    expect(await webhookUrlTargetProblem('http://erp.internal/hook', options)).toBeNull();
    expect(await webhookUrlTargetProblem('ftp://erp.internal/', options)).toBe(WEBHOOK_URL_MESSAGES.scheme);
    expect(lookups).toEqual([]);
  });

  it("lets through the trusted origins (the live demo's simulators) exactly, and no other private address", async () => {
    const options = { allowPrivateTargets: false, trustedOrigins: new Set(['http://127.0.0.1:41234']) };
    expect(await outboundUrlProblem('http://127.0.0.1:41234', options)).toBeNull();
    expect(await outboundUrlProblem('http://127.0.0.1:41234/admin/api', options)).toBeNull();
    for (const elsewhere of ['http://127.0.0.1:41235', 'https://127.0.0.1:41234', 'http://localhost:41234']) {
      expect(await outboundUrlProblem(elsewhere, options)).toBe('privateTarget');
    }
    expect(await outboundUrlProblem('ftp://127.0.0.1:41234', options)).toBe('scheme');
  });

  it.each([
    ['8.8.8.8', true],
    ['::ffff:8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:127.0.0.1', false],
    ['::7f00:1', false],
    ['2002:808:808::1', false],
    ['fe80::1%eth0', false],
    ['2606:4700:4700::1111%eth0', false],
    // DNS and sockets report standard spellings only; anything else is not trusted.
    ['2130706433', false],
    ['0177.0.0.1', false],
    ['not an address', false],
  ] as const)(
    'classifies the address %s (public: %s) for whatever calls the url later',
    (address, expected) => {
      expect(isPublicAddress(address)).toBe(expected);
    },
  );

  it('words a problem for any url field by its label', () => {
    expect(outboundUrlMessage('privateTarget', 'Shop URL')).toBe(
      'The Shop URL must be a public internet address.',
    );
    expect(outboundUrlMessage('unresolved', 'Store URL')).toBe('The Store URL host could not be resolved.');
  });
});
