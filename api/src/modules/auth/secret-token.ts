import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for links sent by e-mail and API tokens. Only the hash is stored. */
export function createSecretToken(prefix = ''): { token: string; hash: string } {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
