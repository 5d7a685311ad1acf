import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../../simulators/simulator-http';
import type { WmsErrorCode } from '../wms-contract';

/** Bodies above this are refused, as a real server would, instead of buffering without end. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export class BodyProblem extends Error {}

/** The request body parsed as JSON; undefined when there is none. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyProblem('The request body is larger than 2 MB.');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyProblem('The request body is not valid JSON.');
  }
}

export { sendJson } from '../../../simulators/simulator-http';

export function sendError(
  response: ServerResponse,
  status: number,
  code: WmsErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(response, status, { error: { code, message } }, headers);
}
