import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopify signs a webhook with `X-Shopify-Hmac-Sha256`: base64 of HMAC-SHA256 over the body's raw
 * bytes, keyed with the app's client secret (channel-apis §6b). Compared in constant time, so the
 * answer's timing tells nothing about how much of a forged signature was right.
 */
export function shopifySignatureMatches(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
