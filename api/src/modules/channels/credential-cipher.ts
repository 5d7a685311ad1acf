import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Channel credentials (API keys, secrets, OAuth tokens) are kept encrypted at rest with
 * AES-256-GCM. The key comes from configuration (`CREDENTIALS_KEY`) or, for the embedded default,
 * from a secret generated once into the data folder. Each value is bound to its owner (`context`,
 * e.g. the channel's uuid) as authenticated data, so a blob copied onto another row won't open.
 */
export interface CredentialCipher {
  encrypt(plain: string, context: string): string;
  /** Throws when the blob was altered, belongs to another context or another key. */
  decrypt(blob: string, context: string): string;
  encryptJson(value: unknown, context: string): string;
  decryptJson<T>(blob: string, context: string): T;
}

const VERSION = 'v1';
const IV_BYTES = 12;

export function createCredentialCipher(secret: string): CredentialCipher {
  if (secret.length < 32) throw new Error('The credentials key must be at least 32 characters.');
  // The configured secret is text of any length; SHA-256 turns it into the 32-byte AES key.
  const key = createHash('sha256').update(`syncdesk-credentials:${secret}`).digest();

  function encrypt(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(
      ':',
    );
  }

  function decrypt(blob: string, context: string): string {
    const [version, iv, tag, body] = blob.split(':');
    if (version !== VERSION || !iv || !tag || body === undefined) {
      throw new Error('Unreadable credentials: unknown format.');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  return {
    encrypt,
    decrypt,
    encryptJson: (value, context) => encrypt(JSON.stringify(value), context),
    decryptJson: <T>(blob: string, context: string) => JSON.parse(decrypt(blob, context)) as T,
  };
}
