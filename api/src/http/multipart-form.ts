import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { AppError } from './app-error';

/** One small uploaded file, held in memory (an id list, not a catalogue import: see transfers). */
export interface MultipartFile {
  field: string;
  filename: string | null;
  bytes: Buffer;
}

/** A form's text fields (every value of a repeated field, `name[]` read as `name`) and its files. */
export interface MultipartForm {
  fields: Record<string, string[]>;
  files: MultipartFile[];
}

export interface MultipartLimits {
  /** Largest file; a larger one is a 422 with `tooLargeMessage` under the file's field. */
  maxFileBytes: number;
  tooLargeMessage: string;
  maxFiles?: number;
  maxFields?: number;
  /** Largest text field value (bytes). */
  maxFieldBytes?: number;
}

export function isMultipart(request: IncomingMessage): boolean {
  return /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
}

/**
 * Reads a whole multipart/form-data body into memory, within limits: meant for forms with a few
 * fields and a small file (ids, a short CSV). A file over `maxFileBytes` is refused as a 422 on its
 * field; a malformed body is a 422 too. The rest of a refused body is drained so the client gets
 * the answer rather than a reset connection.
 */
export async function readMultipartForm(
  request: IncomingMessage,
  limits: MultipartLimits,
): Promise<MultipartForm> {
  const malformed = () =>
    AppError.validation({ _: ['The form could not be read.'] }, 'The form could not be read.');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      defParamCharset: 'utf8',
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles ?? 1,
        fields: limits.maxFields ?? 200,
        fieldSize: limits.maxFieldBytes ?? 1024 * 1024,
      },
    });
  } catch {
    throw malformed();
  }
  const form: MultipartForm = { fields: {}, files: [] };
  let tooLargeField: string | null = null;
  let overflow = false;
  const reading: Promise<void>[] = [];

  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (rawName, value, info) => {
      const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName;
      if (info.valueTruncated) overflow = true;
      (form.fields[name] ??= []).push(value);
    });
    // Over a limit busboy drops the rest quietly: a selection missing ids must not pass as a smaller one.
    parser.on('fieldsLimit', () => {
      overflow = true;
    });
    parser.on('filesLimit', () => {
      overflow = true;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      let truncated = false;
      stream.on('limit', () => {
        truncated = true;
      });
      reading.push(
        new Promise<void>((fileDone, fileFailed) => {
          stream.on('data', (chunk: Buffer) => {
            if (!truncated) chunks.push(chunk);
          });
          stream.on('end', () => {
            if (truncated) tooLargeField ??= field;
            else form.files.push({ field, filename: info.filename || null, bytes: Buffer.concat(chunks) });
            fileDone();
          });
          stream.on('error', fileFailed);
        }),
      );
    });
    parser.on('close', () => resolve());
    parser.on('error', (error: Error) => reject(error));
  });
  request.pipe(parser);
  try {
    await done;
    await Promise.all(reading);
  } catch {
    request.unpipe(parser);
    request.resume();
    throw malformed();
  }
  if (overflow) {
    const message = 'The form has more fields or files than this call takes.';
    throw AppError.validation({ _: [message] }, message);
  }
  if (tooLargeField !== null) {
    throw AppError.validation({ [tooLargeField]: [limits.tooLargeMessage] }, limits.tooLargeMessage);
  }
  return form;
}
