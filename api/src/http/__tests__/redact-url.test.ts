import { Writable } from 'node:stream';
import { createLogger } from '../../logger';
import { redactUrl } from '../redact-url';

const HOSTED = `hp_${'Ab3_-x'.repeat(7)}C`;
const PLAIN = 'q'.repeat(20) + 'Z9_-'.repeat(6);

describe('redactUrl', () => {
  it('replaces a hosted-page token in the path and keeps the rest of the address', () => {
    expect(redactUrl(`/hostedPages/${HOSTED}/channels/4`)).toBe('/hostedPages/hp_[redacted]/channels/4');
    expect(redactUrl(`/api/invitations/verify/${PLAIN}`)).toBe('/api/invitations/verify/[redacted]');
  });

  it('replaces credential query values by name or by look, and keeps ordinary ones', () => {
    expect(redactUrl(`/hostedPages/callback?token=abc&page=2`)).toBe(
      '/hostedPages/callback?token=[redacted]&page=2',
    );
    expect(redactUrl(`/api/oauth/callback?code=xyz&state=s1&shop=a.myshopify.com`)).toBe(
      '/api/oauth/callback?code=[redacted]&state=[redacted]&shop=a.myshopify.com',
    );
    expect(redactUrl(`/x?access_token=1&hmac=2&nominalCode=400&search=${HOSTED}`)).toBe(
      '/x?access_token=[redacted]&hmac=[redacted]&nominalCode=400&search=[redacted]',
    );
  });

  it('keeps record uuids, numbers and a full URL’s host readable', () => {
    const uuid = '0b9c2f5e-8a51-4c1e-9d3f-2a7b6c5d4e3f';
    expect(redactUrl(`/api/fileTransfers/3/${uuid}/download`)).toBe(`/api/fileTransfers/3/${uuid}/download`);
    expect(redactUrl(`https://shop.example.com/hostedPages/${HOSTED}?token=t`)).toBe(
      'https://shop.example.com/hostedPages/hp_[redacted]?token=[redacted]',
    );
  });
});

describe('the logger', () => {
  it('writes every line’s url redacted, error lines included', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('info', 'test', sink);
    logger.error({ err: new Error('boom'), url: `/hostedPages/${HOSTED}?token=${PLAIN}` }, 'request failed');
    const written = lines.join('');
    expect(written).toContain('/hostedPages/hp_[redacted]?token=[redacted]');
    expect(written).not.toContain(HOSTED);
    expect(written).not.toContain(PLAIN);
  });
});
