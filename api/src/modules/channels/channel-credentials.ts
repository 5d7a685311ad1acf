import type { Channel } from '../../db/channel.models';
import type { CredentialCipher } from './credential-cipher';

/**
 * The decrypted credentials of a channel: secret form fields by key, plus whatever else was
 * stored there (the OAuth tokens live under `oauth`). `{}` when nothing was saved yet. Throws
 * when the blob cannot be opened (altered, copied from another row, other key).
 */
export function readChannelCredentials(
  cipher: CredentialCipher,
  channel: Pick<Channel, 'uuid' | 'credentials'>,
): Record<string, unknown> {
  if (!channel.credentials) return {};
  const values = cipher.decryptJson<unknown>(channel.credentials, channel.uuid);
  return values && typeof values === 'object' && !Array.isArray(values)
    ? (values as Record<string, unknown>)
    : {};
}

/**
 * The blob to store in `channel.credentials` for these values, bound to the channel's uuid;
 * null when there is nothing to keep. Callers pass the complete object (read, change, write) so
 * keys owned by someone else (`oauth`) survive.
 */
export function writeChannelCredentials(
  cipher: CredentialCipher,
  channel: Pick<Channel, 'uuid'>,
  values: Record<string, unknown>,
): string | null {
  const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  if (Object.keys(kept).length === 0) return null;
  return cipher.encryptJson(kept, channel.uuid);
}
