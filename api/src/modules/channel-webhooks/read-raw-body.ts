import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {
  readonly status = 413;
  readonly expose = true;
  constructor(limitBytes: number) {
    super(`The body is larger than ${limitBytes} bytes.`);
  }
}

/** The request body exactly as sent (a signature covers these bytes, not a re-serialised JSON). */
export function readRawBody(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        request.removeAllListeners('data');
        request.resume();
        reject(new BodyTooLargeError(limitBytes));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
