import os from 'node:os';
import path from 'node:path';

/** Where catalogue imports and exports keep their files, and how big an upload may be. */
export interface TransferSettings {
  /**
   * The data folder (DATA_DIR). Files live in its `transfers/<uuid>/` folders and the rows store
   * paths relative to it. A worker running apart from the api must see the same folder.
   */
  dataDir: string;
  /** Largest upload in bytes (IMPORT_MAX_FILE_MB); more answers 413. */
  maxUploadBytes: number;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** For services built without settings (none of the product's processes): a folder in the system's temp. */
export const DEFAULT_TRANSFER_SETTINGS: TransferSettings = {
  dataDir: path.join(os.tmpdir(), 'syncdesk-data'),
  maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES,
};

/** The folder holding every transfer's files, inside the data folder. */
export const TRANSFERS_FOLDER = 'transfers';
