import { Op, type WhereOptions } from 'sequelize';
import type { FileTransferSubject, PermissionName } from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { ListQueryInput } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import type { SheetCell } from './transfer-sheet';
import type { ExportPlan } from './transfer-export';

/**
 * One kind of export file: who may take it, what it selects and how a record becomes rows. The
 * transfer service (queueing, the job, progress, notification, download) is the same for every
 * subject, so a new export is one small file in `subjects/` and a line in `export-subjects.ts`.
 */

/** What an export takes, kept on the transfer for the job: the list's query and/or picked records. */
export interface ExportSelection {
  query: ListQueryInput;
  uuids?: string[];
  ids?: number[];
  /** Records picked through their order (plugin orders by `order_ids`). */
  orderIds?: number[];
}

export interface ExportTarget {
  storeId: number;
  /** Channel products only. */
  channelId: number | null;
}

export interface ExportRun extends ExportTarget {
  models: Models;
  selection: ExportSelection;
  /** The starter's scope when the job runs: personal data is masked for a data-protection role. */
  viewer: Pick<RequestScope, 'dataProtection'>;
}

export interface ExportSubject {
  subject: FileTransferSubject;
  /** Needed to start the export, to follow it and to download its file. */
  permission: PermissionName;
  /**
   * Whether its rows carry personal data (masked for a data-protection viewer). Such a file keeps
   * on its transfer whether it was built masked, and one built in clear never goes to a caller whose
   * role masks (transfer-services.ts, `download`).
   */
  personalData: boolean;
  labels: { plural: string; sheet: string; file: string };
  /** The page a notification links to (`?transfer=uuid` is added). */
  page(target: ExportTarget): string;
  /**
   * Reads the body's selection and checks the query string now, so a wrong filter or id is a 422
   * to the caller rather than a failed job. A data-protection `viewer` may not select by personal
   * data (the file's row count would tell what the masked columns hide), as on the list.
   */
  select(
    models: Models,
    target: ExportTarget,
    query: ListQueryInput,
    body: unknown,
    viewer: Pick<RequestScope, 'dataProtection'>,
  ): ExportSelection;
  plan(run: ExportRun): ExportPlan;
}

/** The picked records among the selection: by id and/or uuid (none: everything the query selects). */
export function pickedRecords(selection: Pick<ExportSelection, 'ids' | 'uuids'>): WhereOptions[] {
  const picked: WhereOptions[] = [];
  if (selection.ids?.length) picked.push({ id: { [Op.in]: [...selection.ids] } });
  if (selection.uuids?.length) picked.push({ uuid: { [Op.in]: [...selection.uuids] } });
  return picked.length === 0 ? [] : picked.length === 1 ? picked : [{ [Op.or]: picked }];
}

/** A stored decimal as an amount cell with 2 places (a number in a workbook, "12.50" in a CSV). */
export function amountCell(value: unknown): SheetCell {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  // Stored with at most 4 places; rounded half up on the third, as the ledger's totals are.
  const [, sign, whole, fraction = ''] = match;
  const digits = BigInt(`${whole}${fraction.padEnd(4, '0').slice(0, 4)}`);
  const cents = (digits + 50n) / 100n;
  const units = cents / 100n;
  const rest = String(cents % 100n).padStart(2, '0');
  return { amount: `${sign && cents !== 0n ? '-' : ''}${units}.${rest}` };
}

/** An ISO date-time in UTC, or empty. */
export const dateCell = (value: Date | string | null | undefined): SheetCell =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export const textCell = (value: string | number | null | undefined): SheetCell =>
  value === null || value === undefined ? null : String(value);
