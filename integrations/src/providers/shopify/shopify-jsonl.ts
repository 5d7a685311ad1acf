import type { ChannelHttp } from '../../transport/channel-http';
import { connectorError, transportFailure } from './shopify-errors';

/** Bytes read per page of a bulk operation's file: a page's worth of variants with room to spare. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Up to `take` JSON lines of a bulk operation's JSONL file from byte `offset`, read with an HTTP
 * range so a worker holds one chunk, never the file (50,000 variants are tens of megabytes).
 * Answers the lines and the byte offset after the last whole line read; `more` false at the end.
 * A server that ignores the range (200) still works, at the cost of reading the file again.
 */
export async function readJsonLines(
  http: ChannelHttp,
  operation: string,
  url: string,
  offset: number,
  take: number,
): Promise<{ lines: unknown[]; offset: number; more: boolean }> {
  let response: Response;
  try {
    response = await http.request(operation, url, {
      headers: { range: `bytes=${offset}-${offset + CHUNK_BYTES - 1}` },
    });
  } catch (error) {
    throw transportFailure(error, 'the product export file');
  }
  if (response.status === 416) return { lines: [], offset, more: false };
  if (!response.ok) {
    throw connectorError(
      'server',
      `Shopify's product export file could not be read (${response.status})`,
      response.status,
      'bulk_file',
    );
  }
  const buffer = Buffer.from(await response.arrayBuffer());
  const ranged = response.status === 206;
  const chunk = ranged ? buffer : buffer.subarray(offset);
  const total = ranged
    ? Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? Number.NaN)
    : buffer.length;
  const lines: unknown[] = [];
  let at = 0;
  while (lines.length < take) {
    const end = chunk.indexOf(0x0a, at);
    const last = end < 0;
    // Without a newline the line may go on past this chunk, unless the chunk ends the file.
    if (last && (ranged ? offset + chunk.length < total : false) && lines.length > 0) break;
    const slice = chunk
      .subarray(at, last ? chunk.length : end)
      .toString('utf8')
      .trim();
    if (slice) {
      try {
        lines.push(JSON.parse(slice));
      } catch {
        if (last) break;
        throw connectorError(
          'malformed',
          "A line of Shopify's product export is not valid JSON",
          response.status,
          'malformed_response',
        );
      }
    }
    at = last ? chunk.length : end + 1;
    if (last) break;
  }
  const next = offset + at;
  const size = Number.isFinite(total) ? total : ranged ? Number.POSITIVE_INFINITY : buffer.length;
  return { lines, offset: next, more: next < size };
}
