import { createCredentialCipher } from '../credential-cipher';
import { readChannelCredentials, writeChannelCredentials } from '../channel-credentials';

const cipher = createCredentialCipher('a-test-credentials-key-of-at-least-32-characters');

describe('credential cipher', () => {
  it('round-trips text and JSON, with a fresh blob every time', () => {
    const blob = cipher.encrypt('api-secret', 'channel-1');
    expect(blob).not.toContain('api-secret');
    expect(cipher.decrypt(blob, 'channel-1')).toBe('api-secret');
    expect(cipher.encrypt('api-secret', 'channel-1')).not.toBe(blob);
    const json = cipher.encryptJson({ api_key: 'k', oauth: { token: 't' } }, 'channel-1');
    expect(cipher.decryptJson(json, 'channel-1')).toEqual({ api_key: 'k', oauth: { token: 't' } });
  });

  it('refuses a tampered blob, another context and another key', () => {
    const blob = cipher.encrypt('api-secret', 'channel-1');
    const [version, iv, tag, body] = blob.split(':');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      cipher.decrypt([version, iv, tag, flipped.toString('base64url')].join(':'), 'channel-1'),
    ).toThrow();
    expect(() => cipher.decrypt(blob, 'channel-2')).toThrow();
    expect(() => cipher.decrypt('garbage', 'channel-1')).toThrow();
    const otherKey = createCredentialCipher('another-test-credentials-key-of-32-characters');
    expect(() => otherKey.decrypt(blob, 'channel-1')).toThrow();
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => createCredentialCipher('short')).toThrow();
  });
});

describe('channel credentials', () => {
  it('stores nothing for an empty object, and reads nothing back as {}', () => {
    expect(writeChannelCredentials(cipher, { uuid: 'u-1' }, {})).toBeNull();
    expect(writeChannelCredentials(cipher, { uuid: 'u-1' }, { api_key: undefined })).toBeNull();
    expect(readChannelCredentials(cipher, { uuid: 'u-1', credentials: null })).toEqual({});
  });

  it("binds the blob to the channel's uuid", () => {
    const credentials = writeChannelCredentials(cipher, { uuid: 'u-1' }, { api_key: 'k', oauth: { a: 1 } });
    expect(readChannelCredentials(cipher, { uuid: 'u-1', credentials })).toEqual({
      api_key: 'k',
      oauth: { a: 1 },
    });
    expect(() => readChannelCredentials(cipher, { uuid: 'u-2', credentials })).toThrow();
  });
});
