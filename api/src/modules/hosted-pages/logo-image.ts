import type { IncomingMessage } from 'node:http';
import { HOSTED_LOGO_MAX_BYTES, HOSTED_LOGO_MESSAGES, type HostedLogoType } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

/**
 * The image type of an upload, read from its first bytes (never from its name or Content-Type,
 * which the sender chooses). SVG is not accepted: it can carry script, and the logo is served
 * from our own origin.
 */
export function detectLogoType(bytes: Buffer): HostedLogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  )
    return 'image/gif';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

const tooLarge = () => AppError.validation({ logo: [HOSTED_LOGO_MESSAGES.size] }, HOSTED_LOGO_MESSAGES.size);

/**
 * The raw request body (the image itself, sent as the body of the upload call), read no further
 * than the logo limit: a declared or actual size above it is refused before more is read.
 */
export async function readLogoBody(request: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > HOSTED_LOGO_MAX_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    // The route answers with `Connection: close`, so what is left unread is not waited for.
    if (size > HOSTED_LOGO_MAX_BYTES) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The upload as an accepted logo: not empty, within the limit, and an image we recognise. */
export function acceptLogo(bytes: Buffer): { data: Buffer; type: HostedLogoType } {
  if (bytes.length === 0)
    throw AppError.validation({ logo: [HOSTED_LOGO_MESSAGES.empty] }, HOSTED_LOGO_MESSAGES.empty);
  if (bytes.length > HOSTED_LOGO_MAX_BYTES) throw tooLarge();
  const type = detectLogoType(bytes);
  if (!type) throw AppError.validation({ logo: [HOSTED_LOGO_MESSAGES.type] }, HOSTED_LOGO_MESSAGES.type);
  return { data: bytes, type };
}
