import { MAX_EXPLICIT_ORDERS, ORDER_ACTION_MESSAGES, ORDER_ID_FILE } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RouteContext } from '../../http/api-route';
import { isMultipart, readMultipartForm } from '../../http/multipart-form';

/** What the values of an id file are: named by a header row, or `any` (matched in turn). */
export type OrderIdFileColumn = 'id' | 'order_number' | 'remote_id' | 'any';

export interface OrderIdFile {
  column: OrderIdFileColumn;
  values: string[];
}

const HEADERS: Record<string, Exclude<OrderIdFileColumn, 'any'>> = {
  id: 'id',
  order_id: 'id',
  order_number: 'order_number',
  number: 'order_number',
  order_no: 'order_number',
  remote_id: 'remote_id',
  order_remote_id: 'remote_id',
  remote_order_id: 'remote_id',
};

const refuse = (message: string) => AppError.validation({ [ORDER_ID_FILE.field]: [message] }, message);

/** The first cell of a CSV row (`,` `;` or tab separated, double quotes with "" inside). */
function firstCell(line: string): string {
  const text = line.trim();
  if (text.startsWith('"')) {
    let value = '';
    for (let index = 1; index < text.length; index += 1) {
      const character = text[index]!;
      if (character === '"') {
        if (text[index + 1] === '"') {
          value += '"';
          index += 1;
        } else return value.trim();
      } else value += character;
    }
    return value.trim();
  }
  const end = text.search(/[,;\t]/);
  return (end === -1 ? text : text.slice(0, end)).trim();
}

/**
 * Reads an uploaded id file (ORDER_ID_FILE in contracts says what it accepts): UTF-8 text, one
 * value per line or the first column of a CSV, an optional header row naming the column. Binary
 * or non-UTF-8 content, or a file without a single value, is a 422 on `file`.
 */
export function parseOrderIdFile(bytes: Buffer): OrderIdFile {
  if (bytes.includes(0)) throw refuse(ORDER_ACTION_MESSAGES.fileUnreadable);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(ORDER_ACTION_MESSAGES.fileUnreadable);
  }
  const cells = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map(firstCell)
    .filter((cell) => cell !== '');
  let column: OrderIdFileColumn = 'any';
  const header = cells[0] ? HEADERS[cells[0].toLowerCase().replace(/[\s-]+/g, '_')] : undefined;
  if (header) {
    column = header;
    cells.shift();
  }
  const values = [...new Set(cells)];
  if (values.length === 0) throw refuse(ORDER_ACTION_MESSAGES.fileEmpty);
  if (values.length > MAX_EXPLICIT_ORDERS) throw refuse(ORDER_ACTION_MESSAGES.tooMany);
  if (values.some((value) => value.length > 190)) throw refuse(ORDER_ACTION_MESSAGES.fileUnreadable);
  return { column, values };
}

/**
 * A request that names orders: multipart (the spec's form, with an optional file of ids) or JSON.
 * Answers the body's fields and the parsed file; the caller validates the fields.
 */
export async function readOrderSelectionRequest(
  ctx: RouteContext,
): Promise<{ body: Record<string, unknown>; file: OrderIdFile | null }> {
  if (isMultipart(ctx.req)) {
    const form = await readMultipartForm(ctx.req, {
      maxFileBytes: ORDER_ID_FILE.maxBytes,
      tooLargeMessage: ORDER_ACTION_MESSAGES.fileTooLarge,
      // Ids may come as repeated fields (`order_ids[]`), besides the list's filters.
      maxFields: MAX_EXPLICIT_ORDERS * 2 + 200,
    });
    const upload = form.files.find((entry) => entry.field === ORDER_ID_FILE.field);
    return { body: form.fields, file: upload ? parseOrderIdFile(upload.bytes) : null };
  }
  const raw: unknown = ctx.request.body;
  return {
    body: raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {},
    file: null,
  };
}
