/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// A real Socket.IO server on a local port brings the progress events; the jsdom page uses
// socket.io-client's Node build (the export conditions above) to reach it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { FileTransferDto } from '@syncdesk/contracts';

import { buttonByText, findModal } from '../../testing/antd-queries';
import { stubFetch, validationError } from '../../table/testing/fetch-routes';
import { ImportDialog } from '../ImportDialog';
import {
  blobText,
  progress,
  recordDownloads,
  renderWithApp,
  startLiveServer,
  TRANSFER,
  type LiveServer,
} from './transfer-test-kit';

const COLUMNS = ['sku', 'title', 'type', 'quantity', 'price'];
const REPORT =
  'row (1 = first row after the header),column,message\r\n3,price,"The price must be a number, like 9.99."\r\n7,sku,The sku field is required.\r\n';
const TRANSFER_PATH = `/fileTransfers/12/${TRANSFER.uuid}`;

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
beforeEach(() => live.connect());
afterAll(() => live.close());

const csvFile = (name = 'products.csv') =>
  new File(['sku,title\nMUG-1,Mug\n'], name, {
    type: name.endsWith('.csv') ? 'text/csv' : 'application/pdf',
  });

function fileInput(): HTMLInputElement {
  return document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
}

async function renderDialog(onFinished = jest.fn(), onClose = jest.fn()) {
  renderWithApp(
    <ImportDialog
      open
      onClose={onClose}
      title="Import products"
      uploadPath="products/12/import"
      templateColumns={COLUMNS}
      onFinished={onFinished}
    />,
  );
  return { modal: await findModal('Import products'), onFinished, onClose };
}

describe('ImportDialog', () => {
  it("shows the server's refusal, then follows an accepted import live to its outcome and row-error report", async () => {
    let stored: FileTransferDto = { ...TRANSFER };
    let uploads = 0;
    const api = stubFetch({
      'POST /products/:storeId/import': () => {
        uploads += 1;
        if (uploads === 1) return validationError({ file: ['The file must be a CSV or XLSX file.'] });
        if (uploads === 2) {
          return {
            status: 413,
            body: { message: 'The file is larger than the 50 MB limit.', error: 'payload_too_large' },
          };
        }
        return {
          status: 202,
          body: {
            message: 'Import started. You will be notified by e-mail when it is finished.',
            data: TRANSFER,
          },
        };
      },
      [`GET ${TRANSFER_PATH}`]: () => ({ body: { data: stored } }),
      [`GET ${TRANSFER_PATH}/report`]: { body: REPORT },
    });
    const saved = recordDownloads();
    const { modal, onFinished } = await renderDialog();
    expect(within(modal).getByText('quantity')).toBeInTheDocument();
    const importButton = buttonByText('Import', modal);
    expect(importButton).toBeDisabled();

    fireEvent.change(fileInput(), { target: { files: [csvFile()] } });
    await waitFor(() => expect(importButton).toBeEnabled());
    fireEvent.click(importButton);
    expect(await within(modal).findByText('The file must be a CSV or XLSX file.')).toBeInTheDocument();
    // The api client's snackbar says it too, as for every refused call.
    await waitFor(() => expect(screen.getAllByText('The file must be a CSV or XLSX file.')).toHaveLength(2));
    fireEvent.click(importButton);
    expect(await within(modal).findByText('The file is larger than the 50 MB limit.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByText('The file is larger than the 50 MB limit.')).toHaveLength(2),
    );

    fireEvent.click(importButton);
    expect(await within(modal).findByText('Waiting to start…')).toBeInTheDocument();
    const upload = api.calls('POST', '/products/12/import')[2]!.body as FormData;
    expect((upload.get('file') as File).name).toBe('products.csv');
    // Read once on start, in case the job ran ahead of this page's listening.
    await waitFor(() => expect(api.calls('GET', TRANSFER_PATH)).toHaveLength(1));

    live.emitProgress(progress({ rowsDone: 38, rowsFailed: 2 }));
    expect(await within(modal).findByText('38 rows imported, 2 failed of 100 rows.')).toBeInTheDocument();
    // Another import's progress is not this one's.
    live.emitProgress(progress({ transferId: 99, rowsDone: 90 }));
    live.emitProgress(progress({ rowsDone: 60, rowsFailed: 2 }));
    expect(await within(modal).findByText('60 rows imported, 2 failed of 100 rows.')).toBeInTheDocument();

    stored = {
      ...TRANSFER,
      status: 'done',
      rows_total: 100,
      rows_done: 98,
      rows_failed: 2,
      finished_at: '2026-11-24T09:31:00.000Z',
    };
    live.emitProgress(progress({ status: 'done', rowsDone: 98, rowsFailed: 2 }));
    expect(
      await within(modal).findByText('Import finished: 98 rows imported, 2 rows failed.'),
    ).toBeInTheDocument();
    const reportRow = (await within(modal).findByText('The price must be a number, like 9.99.')).closest(
      'tr',
    )!;
    expect(within(reportRow).getByText('3')).toBeInTheDocument();
    expect(within(reportRow).getByText('price')).toBeInTheDocument();
    expect(within(modal).getByText('The sku field is required.')).toBeInTheDocument();
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(onFinished.mock.calls[0][0]).toMatchObject({ status: 'done', rows_done: 98, rows_failed: 2 });

    fireEvent.click(buttonByText('Download error report', modal));
    expect(saved.map((file) => file.name)).toEqual(['import-errors-2026-11-24.csv']);
    expect(await blobText(saved[0]!.content)).toBe(REPORT);

    // A late event of the finished import changes nothing, and onFinished is not called again.
    live.emitProgress(progress({ status: 'running', rowsDone: 10 }));
    fireEvent.click(buttonByText('Import another file', modal));
    expect(await within(modal).findByText('Click or drag a .csv or .xlsx file here')).toBeInTheDocument();
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it('catches up from the transfer itself when the events were missed, and shows a failed import', async () => {
    stubFetch({
      'POST /products/:storeId/import': { status: 202, body: { message: 'Import started.', data: TRANSFER } },
      [`GET ${TRANSFER_PATH}`]: {
        body: { data: { ...TRANSFER, status: 'failed', error: 'The file has no header row.' } },
      },
    });
    const { modal, onFinished } = await renderDialog();
    fireEvent.change(fileInput(), { target: { files: [csvFile()] } });
    await waitFor(() => expect(buttonByText('Import', modal)).toBeEnabled());
    fireEvent.click(buttonByText('Import', modal));
    expect(await within(modal).findByText('The import failed.')).toBeInTheDocument();
    expect(within(modal).getByText('The file has no header row.')).toBeInTheDocument();
    await waitFor(() =>
      expect(onFinished).toHaveBeenCalledWith(expect.objectContaining({ status: 'failed' })),
    );
  });

  it('refuses a file that is neither CSV nor XLSX before uploading, and saves a template of the columns', async () => {
    const api = stubFetch({});
    const saved = recordDownloads();
    const { modal, onClose } = await renderDialog();
    fireEvent.change(fileInput(), { target: { files: [csvFile('products.pdf')] } });
    expect(await within(modal).findByText('Choose a .csv or .xlsx file.')).toBeInTheDocument();
    expect(buttonByText('Import', modal)).toBeDisabled();

    fireEvent.click(buttonByText('Download template', modal));
    expect(saved[0]!.name).toBe('import-template.csv');
    expect(await blobText(saved[0]!.content)).toBe('sku,title,type,quantity,price\r\n');
    fireEvent.click(buttonByText('Cancel', modal));
    expect(onClose).toHaveBeenCalled();
    expect(api.requests).toHaveLength(0);
  });
});
