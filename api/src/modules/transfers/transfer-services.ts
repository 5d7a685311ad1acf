import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { stringify as csvStringify } from 'csv-stringify/sync';
import { Op } from 'sequelize';
import { z } from 'zod';
import {
  fileTransferFormatSchema,
  IMPORT_REPORT_COLUMNS,
  JOB_NAMES,
  NOTIFICATION_LEVEL,
  TRANSFER_MESSAGES,
  type FileTransferDto,
  type FileTransferFormat,
  type FileTransferSubject,
  type PermissionName,
} from '@syncdesk/contracts';
import type { CoreServices } from '../../services';
import type { FileTransfer } from '../../db/catalogue.models';
import { AppError } from '../../http/app-error';
import type { ListQueryInput } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { validate } from '../../http/validate';
import type { ProductServices } from '../products/product-services';
import type { ChannelProductServices } from '../channel-products/channel-product-services';
import type { NotificationServices } from '../notifications/notification.service';
import { findChannelStore, findStoreChannel } from '../channels/channel-access';
import { channelProductColumns, productColumns } from './transfer-columns';
import { runExport } from './transfer-export';
import type { ExportSelection, ExportTarget } from './export-subject';
import { exportSubjectOf } from './export-subjects';
import { runImport, TransferFailure, type ImportCounts, type ImportPlan } from './transfer-import';
import { toFileTransferDto } from './transfer.mapper';
import { createTransferProgress, type TransferProgress } from './transfer-progress';
import { countCsvRows } from './transfer-sheet';
import { TRANSFERS_FOLDER, type TransferSettings } from './transfer-settings';
import { receiveUpload } from './transfer-upload';

/**
 * What a transfer is about: a store's products, one sales channel's listings in that store, or
 * (exports only) the store's orders, plugin orders, invoices or confirmation orders.
 */
export interface TransferTarget {
  storeId: number;
  /** Set for channel products. */
  channelId?: number;
  /** Products when absent (channel products with `channelId`). */
  subject?: FileTransferSubject;
}

/** A file to send back: an export, or an import's error report. */
export interface TransferFile {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

export interface TransferService {
  /** Stores the request's multipart `file`, queues its import; 202 material. */
  startImport(
    scope: RequestScope,
    target: TransferTarget,
    request: IncomingMessage,
  ): Promise<FileTransferDto>;
  /** Queues an export of what the list query selects (or of the selected uuids in `body`). */
  startExport(
    scope: RequestScope,
    target: TransferTarget,
    fileFormat: string,
    query: ListQueryInput,
    body: unknown,
  ): Promise<FileTransferDto>;
  show(scope: RequestScope, storeId: number, uuid: string): Promise<FileTransferDto>;
  /** A finished export's file. */
  download(scope: RequestScope, storeId: number, uuid: string): Promise<TransferFile>;
  /** An import's refused rows as CSV (row, column, message); only the header when none was refused. */
  report(scope: RequestScope, storeId: number, uuid: string): Promise<TransferFile>;
  /** Runs one queued import or export (the `catalogue.transfer` job). */
  run(transferId: number): Promise<void>;
}

export interface TransferServices {
  transfers: TransferService;
}

/** What the job keeps of the start: the starter's address and client (the scope is rebuilt from them), an export's selection. */
interface TransferOptions extends Partial<ExportSelection> {
  clientIp: string;
  via: RequestScope['via'];
  counts?: ImportCounts;
  /**
   * An export of a subject with personal data: whether its file was built masked (the starter's
   * role, when the job ran, had data protection) or in clear. Absent on files built before this
   * was kept: taken as in clear.
   */
  personalData?: 'masked' | 'clear';
}

/**
 * A transfer whose figures have not moved for this long is taken as abandoned (its worker died) and
 * may be run again when the queue hands its job out again. A live run saves its figures at least
 * once per batch of rows, so this is far longer than any gap in them.
 */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CONTENT_TYPES: Record<FileTransferFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The permission each kind of transfer needs, checked at the start and again when the job runs.
 * Following a transfer and fetching its file or report needs the subject's read permission.
 */
function permissionFor(kind: 'import' | 'export', subject: FileTransferSubject): PermissionName {
  if (kind === 'export') return exportSubjectOf(subject).permission;
  return subject === 'products' ? 'products.create' : 'products.update';
}

const count = (value: number) => value.toLocaleString('en-GB');

export function createTransferServices(
  core: CoreServices,
  deps: ProductServices & ChannelProductServices & NotificationServices,
): TransferServices {
  const { models } = core;
  const settings: TransferSettings = core.transferSettings;
  const absolute = (relative: string) => path.join(settings.dataDir, relative);
  const folderOf = (uuid: string) => path.join(TRANSFERS_FOLDER, uuid);

  /** The store (and channel) of the path, reachable by the caller; 404 otherwise. */
  async function resolveTarget(scope: RequestScope, target: TransferTarget): Promise<void> {
    if (target.channelId === undefined) await findChannelStore(models, scope, target.storeId);
    else await findStoreChannel(models, scope, target.storeId, target.channelId, 'channel');
  }

  const subjectOf = (target: TransferTarget): FileTransferSubject =>
    target.subject ?? (target.channelId === undefined ? 'products' : 'channel_products');
  const exportTargetOf = (transfer: FileTransfer): ExportTarget => ({
    storeId: transfer.store_id,
    channelId: transfer.channel_id,
  });

  async function enqueue(transfer: FileTransfer): Promise<FileTransferDto> {
    await core.jobs.enqueue(JOB_NAMES.catalogueTransfer, { transferId: transfer.id });
    return toFileTransferDto(transfer);
  }

  /** A transfer of the store, started by the caller's company; anything else is 404. */
  async function findTransfer(scope: RequestScope, storeId: number, uuid: string): Promise<FileTransfer> {
    if (!UUID.test(uuid)) throw AppError.notFound();
    await findChannelStore(models, scope, storeId);
    const transfer = await models.FileTransfer.findOne({
      where: { uuid, store_id: storeId, company_id: scope.companyId },
    });
    if (!transfer) throw AppError.notFound();
    // Seeing a transfer shows its rows: an order export needs orders.read, a product one products.read.
    if (!scope.permissions.has(exportSubjectOf(transfer.subject).permission)) {
      throw new AppError('forbidden', 'This action is unauthorized.');
    }
    return transfer;
  }

  async function fileOf(relative: string, fileName: string, contentType: string): Promise<TransferFile> {
    const file = absolute(relative);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) throw AppError.notFound('The file is no longer available.');
    return { stream: fs.createReadStream(file), fileName, contentType, size: stat.size };
  }

  const fileDate = (date: Date) => date.toISOString().slice(0, 10);

  // ——— running ———

  /** Takes a queued transfer (or an abandoned one) for this run; null when another run has it or it is finished. */
  async function claim(transferId: number): Promise<FileTransfer | null> {
    const [claimed] = await models.FileTransfer.update(
      // A run taken over from a dead worker starts its figures again.
      { status: 'running', error: null, rows_done: 0, rows_failed: 0 },
      {
        where: {
          id: transferId,
          [Op.or]: [
            { status: 'queued' },
            { status: 'running', updated_at: { [Op.lt]: new Date(Date.now() - ABANDONED_AFTER_MS) } },
          ],
        },
      },
    );
    if (claimed === 0) return null;
    return models.FileTransfer.findByPk(transferId);
  }

  /**
   * The starter's scope as it is now, from the address and client they started from. Removed
   * from the company, a role without the permission, a store no longer reachable: the transfer fails.
   */
  async function starterScope(transfer: FileTransfer, options: TransferOptions): Promise<RequestScope> {
    try {
      const scope = await core.scopes.scopeFor(
        {
          userId: transfer.user_id,
          companyId: transfer.company_id,
          tokenId: `transfer:${transfer.uuid}`,
          tokenExpiresAt: null,
        },
        { clientIp: options.clientIp, via: options.via === 'web' ? 'web' : 'api' },
      );
      if (!scope.permissions.has(permissionFor(transfer.kind, transfer.subject))) throw AppError.notFound();
      await resolveTarget(scope, {
        storeId: transfer.store_id,
        ...(transfer.channel_id === null ? {} : { channelId: transfer.channel_id }),
      });
      return scope;
    } catch (error) {
      if (error instanceof AppError) {
        const records = exportSubjectOf(transfer.subject).labels.plural;
        throw new TransferFailure(TRANSFER_MESSAGES.lostAccess.replace('these products', `these ${records}`));
      }
      throw error;
    }
  }

  /** A refusal of a whole batch by the domain service (an AppError) is told in its own words. */
  async function told<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw new TransferFailure(error.message);
      throw error;
    }
  }

  function importPlan(transfer: FileTransfer, scope: RequestScope): ImportPlan<unknown> {
    const sourceRef = `import:${transfer.content_hash ?? transfer.uuid}`;
    if (transfer.subject === 'products') {
      const plan: ImportPlan<Parameters<typeof deps.products.upsertMany>[2][number]> = {
        columns: productColumns,
        apply: (rows) =>
          told(() =>
            deps.products.upsertMany(scope, transfer.store_id, rows, { reason: 'import', sourceRef }),
          ),
        keyOf: (row) => row.sku.trim().toLowerCase(),
        keyColumn: 'sku',
        deferred: (row) => row.type === 'kit',
      };
      return plan as ImportPlan<unknown>;
    }
    const channelId = transfer.channel_id!;
    const plan: ImportPlan<Parameters<typeof deps.channelProducts.upsertMany>[3][number]> = {
      columns: channelProductColumns,
      apply: (rows) => told(() => deps.channelProducts.upsertMany(scope, transfer.store_id, channelId, rows)),
      keyOf: (row) => row.channel_product_id.trim().toLowerCase(),
      keyColumn: 'channel_product_id',
    };
    return plan as ImportPlan<unknown>;
  }

  /**
   * In-app notification and e-mail to the starter at the end, with the link to the page showing the
   * transfer. `rowsWritten` is the run's own figure: the row's `rows_done` is saved by the closing
   * flush, which runs after this (so a page that sees the end finds the notification there).
   */
  async function tell(
    transfer: FileTransfer,
    counts: ImportCounts | null,
    rowsWritten: number,
  ): Promise<void> {
    const user = await models.User.findByPk(transfer.user_id, { attributes: ['id', 'email', 'name'] });
    const exportSubject = exportSubjectOf(transfer.subject);
    const subject = exportSubject.labels;
    const page = exportSubject.page(exportTargetOf(transfer));
    const link = `${page}?transfer=${transfer.uuid}`;
    const format = transfer.file_format.toUpperCase();
    let level: number = NOTIFICATION_LEVEL.byKey('info').value;
    let title: string;
    let message: string;
    let mailSubject: string;
    let mailText: string;
    const url = `${core.appUrl}${link}`;
    if (transfer.status === 'failed') {
      level = NOTIFICATION_LEVEL.byKey('error').value;
      title = transfer.kind === 'import' ? 'Import failed' : 'Export failed';
      message = `Your ${subject.plural} ${transfer.kind} failed: ${transfer.error ?? ''}`.trim();
      mailSubject = `Your ${subject.plural} ${transfer.kind} failed`;
      mailText = `${message}\n\nSee it in Syncdesk: ${url}\n`;
    } else if (transfer.kind === 'export') {
      title = 'Export ready';
      message = `Your ${subject.plural} export (${count(rowsWritten)} ${rowsWritten === 1 ? 'row' : 'rows'}, ${format}) is ready to download.`;
      mailSubject = `Your ${subject.plural} export is ready`;
      mailText = `${message}\n\nDownload it in Syncdesk: ${url}\n`;
    } else {
      const imported = counts ?? { created: 0, updated: 0, unchanged: 0, failed: transfer.rows_failed };
      if (imported.failed > 0) level = NOTIFICATION_LEVEL.byKey('warning').value;
      title = 'Import finished';
      const name = transfer.original_name ? `${transfer.original_name}: ` : '';
      message =
        `${name}${count(imported.created)} created, ${count(imported.updated)} updated, ` +
        `${count(imported.unchanged)} unchanged, ${count(imported.failed)} refused.`;
      mailSubject = `Your ${subject.plural} import has finished`;
      mailText =
        `${message}\n\n` +
        (imported.failed > 0
          ? `The refused rows, with the reason for each, are in the error report: ${url}\n`
          : `See it in Syncdesk: ${url}\n`);
    }
    await deps.notifications.notify({
      userId: transfer.user_id,
      companyId: transfer.company_id,
      level,
      title,
      message,
      link,
    });
    if (user) await core.mailer.send({ to: user.email, subject: mailSubject, text: mailText });
  }

  /** Does the work of a claimed transfer; throws a TransferFailure for anything the seller should read. */
  async function execute(
    transfer: FileTransfer,
    options: TransferOptions,
    progress: TransferProgress,
  ): Promise<ImportCounts | null> {
    const scope = await starterScope(transfer, options);
    const folder = folderOf(transfer.uuid);
    if (transfer.kind === 'export') {
      const plan = exportSubjectOf(transfer.subject).plan({
        ...exportTargetOf(transfer),
        models,
        viewer: scope,
        selection: {
          query: options.query ?? {},
          uuids: options.uuids,
          ids: options.ids,
          orderIds: options.orderIds,
        },
      });
      const relative = path.join(folder, `export.${transfer.file_format}`);
      await fs.promises.mkdir(absolute(folder), { recursive: true });
      await runExport(plan, absolute(relative), transfer.file_format, progress);
      const personalData = scope.dataProtection ? 'masked' : 'clear';
      await transfer.update({ file_path: relative, options: JSON.stringify({ ...options, personalData }) });
      return null;
    }
    const source = transfer.file_path ? absolute(transfer.file_path) : null;
    if (!source || !fs.existsSync(source)) throw new TransferFailure('The uploaded file is missing.');
    // A CSV is counted first (quick) so the progress bar has an end; a workbook tells its total at the end.
    if (transfer.file_format === 'csv') progress.setTotal(await countCsvRows(source).catch(() => null));
    await progress.flush();
    const reportRelative = path.join(folder, 'report.csv');
    const { reported, ...counts } = await runImport(
      importPlan(transfer, scope),
      { source, format: transfer.file_format, report: absolute(reportRelative) },
      progress,
    );
    progress.setTotal(counts.created + counts.updated + counts.unchanged + counts.failed);
    await transfer.update({
      report_path: reported ? reportRelative : null,
      options: JSON.stringify({ ...options, counts }),
    });
    return counts;
  }

  const transfers: TransferService = {
    async startImport(scope, target, request) {
      await resolveTarget(scope, target);
      const uuid = randomUUID();
      const folder = absolute(folderOf(uuid));
      await fs.promises.mkdir(folder, { recursive: true });
      let upload;
      try {
        upload = await receiveUpload(request, path.join(folder, 'upload'), settings.maxUploadBytes);
      } catch (error) {
        await fs.promises.rm(folder, { recursive: true, force: true });
        throw error;
      }
      const relative = path.join(folderOf(uuid), `upload.${upload.format}`);
      await fs.promises.rename(upload.path, absolute(relative));
      const options: TransferOptions = { clientIp: scope.clientIp, via: scope.via };
      const transfer = await models.FileTransfer.create({
        uuid,
        company_id: scope.companyId,
        store_id: target.storeId,
        user_id: scope.userId,
        kind: 'import',
        subject: subjectOf(target),
        channel_id: target.channelId ?? null,
        file_format: upload.format,
        original_name: upload.originalName ? upload.originalName.slice(0, 255) : null,
        content_hash: upload.contentHash,
        file_path: relative,
        options: JSON.stringify(options),
      });
      return enqueue(transfer);
    },

    async startExport(scope, target, fileFormat, query, body) {
      await resolveTarget(scope, target);
      const { fileFormat: format } = validate(z.object({ fileFormat: fileTransferFormatSchema }), {
        fileFormat,
      });
      const subject = subjectOf(target);
      // Checked now, so a wrong filter or selection is a 422 to the caller rather than a failed job.
      const selection = exportSubjectOf(subject).select(
        models,
        { storeId: target.storeId, channelId: target.channelId ?? null },
        query,
        body,
        scope,
      );
      const options: TransferOptions = { clientIp: scope.clientIp, via: scope.via, ...selection };
      const transfer = await models.FileTransfer.create({
        uuid: randomUUID(),
        company_id: scope.companyId,
        store_id: target.storeId,
        user_id: scope.userId,
        kind: 'export',
        subject,
        channel_id: target.channelId ?? null,
        file_format: format,
        original_name: null,
        content_hash: null,
        file_path: null,
        options: JSON.stringify(options),
      });
      return enqueue(transfer);
    },

    async show(scope, storeId, uuid) {
      return toFileTransferDto(await findTransfer(scope, storeId, uuid));
    },

    async download(scope, storeId, uuid) {
      const transfer = await findTransfer(scope, storeId, uuid);
      if (transfer.kind !== 'export') throw AppError.notFound();
      if (transfer.status !== 'done' || !transfer.file_path) {
        throw new AppError('conflict', TRANSFER_MESSAGES.notReady);
      }
      // The file is built once, for its starter: refused (not rebuilt) for a caller whose role
      // masks personal data when it was built in clear. Rebuilding per caller would run the
      // export again on every download; the caller's own export of the same list is built masked.
      const { personalData } = JSON.parse(transfer.options ?? '{}') as TransferOptions;
      if (
        scope.dataProtection &&
        exportSubjectOf(transfer.subject).personalData &&
        personalData !== 'masked'
      ) {
        throw new AppError('forbidden', TRANSFER_MESSAGES.personalDataHidden);
      }
      const name = `${exportSubjectOf(transfer.subject).labels.file}-store-${storeId}-${fileDate(transfer.created_at)}`;
      return fileOf(
        transfer.file_path,
        `${name}.${transfer.file_format}`,
        CONTENT_TYPES[transfer.file_format],
      );
    },

    async report(scope, storeId, uuid) {
      const transfer = await findTransfer(scope, storeId, uuid);
      if (transfer.kind !== 'import') throw AppError.notFound();
      if (transfer.status !== 'done' && transfer.status !== 'failed') {
        throw new AppError('conflict', TRANSFER_MESSAGES.notReady);
      }
      const base = (transfer.original_name ?? 'import').replace(/\.[^.]*$/, '');
      const fileName = `${base}-errors.csv`;
      if (transfer.report_path) return fileOf(transfer.report_path, fileName, CONTENT_TYPES.csv);
      // Nothing was refused: the report is its header alone.
      const empty = Buffer.from(csvStringify([IMPORT_REPORT_COLUMNS as readonly string[]], { bom: true }));
      return { stream: Readable.from([empty]), fileName, contentType: CONTENT_TYPES.csv, size: empty.length };
    },

    async run(transferId) {
      const transfer = await claim(transferId);
      if (!transfer) return;
      const options = JSON.parse(transfer.options ?? '{}') as TransferOptions;
      const progress = createTransferProgress(transfer, core.publish);
      let counts: ImportCounts | null = null;
      let unexpected: unknown = null;
      try {
        await progress.flush();
        counts = await execute(transfer, options, progress);
        await transfer.update({ status: 'done', finished_at: new Date() });
      } catch (error) {
        if (!(error instanceof TransferFailure)) unexpected = error;
        const message =
          error instanceof TransferFailure
            ? error.message
            : 'Something went wrong while processing the file. Please try again.';
        await transfer.update({ status: 'failed', error: message, finished_at: new Date() });
      }
      try {
        await tell(transfer, counts, progress.done);
      } finally {
        // The closing figures go last: a page that sees them finds the notification already there.
        await progress.flush();
      }
      // The job's log keeps what went wrong; the seller was told in plain words.
      if (unexpected) throw unexpected;
    },
  };

  return { transfers };
}
