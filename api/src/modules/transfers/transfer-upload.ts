import fs from 'node:fs';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import yauzl from 'yauzl';
import { formatMessage, TRANSFER_MESSAGES, type FileTransferFormat } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';

/** An uploaded file, stored, hashed and recognised by its content. */
export interface ReceivedUpload {
  /** Absolute path of the stored file. */
  path: string;
  originalName: string | null;
  /** sha256 of the bytes, hex. */
  contentHash: string;
  format: FileTransferFormat;
  size: number;
}

/** The multipart field holding the file. */
export const UPLOAD_FIELD = 'file';

/** Room for the multipart envelope around the file (boundaries, part headers) in Content-Length. */
const ENVELOPE_BYTES = 64 * 1024;

/** A 413 that the error handler writes with its message (like the body parser's own). */
class PayloadTooLargeError extends Error {
  readonly status = 413;
  readonly expose = true;
}

const megabytes = (bytes: number) => {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0+$/, '');
};

export function tooLarge(maxBytes: number): Error {
  return new PayloadTooLargeError(formatMessage(TRANSFER_MESSAGES.tooLarge, { limit: megabytes(maxBytes) }));
}

const fileError = (message: string) => AppError.validation({ [UPLOAD_FIELD]: [message] }, message);

/**
 * Watches the bytes going by: their hash, their count, the first few, and whether they could be
 * UTF-8 text (valid UTF-8 with no NUL byte) — what tells a CSV from anything else.
 */
class UploadInspector extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  head = Buffer.alloc(0);
  text = true;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.head.length < 8) this.head = Buffer.concat([this.head, chunk.subarray(0, 8)]);
    if (this.text) {
      if (chunk.includes(0)) this.text = false;
      else {
        try {
          this.decoder.decode(chunk, { stream: true });
        } catch {
          this.text = false;
        }
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.text) {
      try {
        this.decoder.decode();
      } catch {
        this.text = false;
      }
    }
    callback();
  }
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An XLSX file is a zip holding `xl/workbook.xml`; any other zip (or a broken one) is not. */
export function isXlsxPackage(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return resolve(false);
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName === 'xl/workbook.xml') {
          found = true;
          zip.close();
          resolve(true);
        } else zip.readEntry();
      });
      zip.on('end', () => resolve(found));
      zip.on('error', () => resolve(false));
      zip.readEntry();
    });
  });
}

/** What the stored bytes are, whatever the file's name says. */
async function formatOf(path: string, inspector: UploadInspector): Promise<FileTransferFormat | null> {
  if (inspector.head.subarray(0, 4).equals(ZIP_SIGNATURE)) return (await isXlsxPackage(path)) ? 'xlsx' : null;
  return inspector.text ? 'csv' : null;
}

/**
 * Reads a multipart request's `file` part into `destination`, refusing on the way: no file (422),
 * more than `maxBytes` (413, from Content-Length before a byte is read when it tells), neither a
 * CSV nor an XLSX by content (422). Nothing is left on disk when it throws.
 */
export async function receiveUpload(
  request: IncomingMessage,
  destination: string,
  maxBytes: number,
): Promise<ReceivedUpload> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw fileError(TRANSFER_MESSAGES.fileRequired);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) throw tooLarge(maxBytes);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      // Browsers send the file's name as UTF-8 ("prix-été.csv"), whatever busboy assumes by default.
      defParamCharset: 'utf8',
      limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 25 },
    });
  } catch {
    throw fileError(TRANSFER_MESSAGES.fileRequired);
  }

  const state: {
    received: { originalName: string | null; inspector: UploadInspector; truncated: boolean } | null;
    writing: Promise<void> | null;
  } = { received: null, writing: null };
  const done = new Promise<void>((resolve, reject) => {
    parser.on('file', (name, stream, info) => {
      if (name !== UPLOAD_FIELD || state.received) {
        stream.resume();
        return;
      }
      const inspector = new UploadInspector();
      const entry = { originalName: info.filename || null, inspector, truncated: false };
      state.received = entry;
      stream.on('limit', () => {
        entry.truncated = true;
      });
      state.writing = pipeline(stream, inspector, fs.createWriteStream(destination));
      state.writing.catch(reject);
    });
    parser.on('close', () => resolve());
    parser.on('error', (error: Error) => reject(error));
  });
  request.pipe(parser);

  try {
    await done.catch(() => {
      throw fileError(TRANSFER_MESSAGES.fileRequired);
    });
    if (state.writing) await state.writing;
    const upload = state.received;
    if (!upload) throw fileError(TRANSFER_MESSAGES.fileRequired);
    if (upload.truncated) throw tooLarge(maxBytes);
    if (upload.inspector.size === 0) throw fileError(TRANSFER_MESSAGES.emptyFile);
    const format = await formatOf(destination, upload.inspector);
    if (!format) throw fileError(TRANSFER_MESSAGES.wrongType);
    return {
      path: destination,
      originalName: upload.originalName,
      contentHash: upload.inspector.hash.digest('hex'),
      format,
      size: upload.inspector.size,
    };
  } catch (error) {
    request.unpipe(parser);
    // The rest of the body is read and dropped, so the client gets our answer rather than a reset.
    request.resume();
    await fs.promises.rm(destination, { force: true });
    throw error;
  }
}
