import type { ServerResponse } from 'node:http';
import { sendJson as sendSharedJson } from '../../../simulators/simulator-http';
import type { MiraklErrorBody } from '../mirakl-order.types';

/** Small node:http helpers shared by the API and control routes. */

export { readBody } from '../../../simulators/simulator-http';

/** Mirakl's own content type spelling. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendSharedJson(response, status, body, headers, 'application/json;charset=UTF-8');
}

export function sendEmpty(response: ServerResponse, status = 204): void {
  response.writeHead(status);
  response.end();
}

export function sendText(response: ServerResponse, status: number, text: string, contentType: string): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** The error body our simulator answers; Mirakl's real shape is not documented (channel-apis §8). */
export function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  code?: string,
  headers: Record<string, string> = {},
): void {
  const body: MiraklErrorBody = { status, message, ...(code ? { code } : {}) };
  sendJson(response, status, body, headers);
}

/** A JSON body, or undefined when there is none; `invalid` when it is not JSON. */
export function parseJson(buffer: Buffer): unknown {
  if (!buffer.length) return undefined;
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    return INVALID_JSON;
  }
}

export const INVALID_JSON = Symbol('invalid json');
