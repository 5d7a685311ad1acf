/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// A real Socket.IO server on a local port brings the progress events; the jsdom page uses
// socket.io-client's Node build (the export conditions above) to reach it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { FileTransferDto } from '@syncdesk/contracts';

import { buttonByText, findModal } from '../../testing/antd-queries';
import { stubFetch, type FetchStub } from '../../table/testing/fetch-routes';
import { ExportMenu } from '../ExportMenu';
import { TransferLinkHandler } from '../TransferLinkHandler';
import {
  blobText,
  progress,
  recordDownloads,
  renderWithApp,
  startLiveServer,
  TRANSFER,
  type LiveServer,
} from './transfer-test-kit';

const EXPORT: FileTransferDto = {
  ...TRANSFER,
  id: 44,
  kind: 'export',
  original_name: null,
  file_format: 'xlsx',
};
const EXPORT_PATH = `/fileTransfers/12/${EXPORT.uuid}`;
const DONE: FileTransferDto = {
  ...EXPORT,
  status: 'done',
  rows_total: 200,
  rows_done: 200,
  finished_at: '2026-11-24T09:32:00.000Z',
};

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
beforeEach(() => live.connect());
afterAll(() => live.close());

/** The stub answers text; a download reads the body as bytes, as the browser's Response does. */
function withBlobBodies(api: FetchStub): FetchStub {
  const answer = globalThis.fetch;
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    const response = await answer(input, init);
    return Object.assign(response, {
      blob: async () => new Blob([JSON.parse(await response.text()) as string]),
    });
  }) as typeof fetch;
  return api;
}

describe('ExportMenu', () => {
  it('exports what the list shows in the chosen format, follows the job and downloads the file', async () => {
    let stored = EXPORT;
    const api = withBlobBodies(
      stubFetch({
        'POST /products/:storeId/export/:format': {
          status: 202,
          body: { message: 'Export started. You will be notified by e-mail when it is ready.', data: EXPORT },
        },
        [`GET ${EXPORT_PATH}`]: () => ({ body: { data: stored } }),
        [`GET ${EXPORT_PATH}/download`]: { body: 'xlsx bytes' },
      }),
    );
    const saved = recordDownloads();
    renderWithApp(
      <ExportMenu
        exportPath="products/12/export"
        query={{ 'type[eq]': 'kit', search: 'mug' }}
        selection={{ field: 'product_uuids', ids: ['u-1', 'u-2'] }}
      />,
    );
    fireEvent.click(buttonByText('Export (2 selected)'));
    fireEvent.click(await screen.findByText('XLSX'));

    expect(
      await screen.findByText('Export started. You will be notified by e-mail when it is ready.'),
    ).toBeInTheDocument();
    const [started] = api.calls('POST', '/products/12/export/xlsx');
    expect(started!.query.toString()).toBe('type%5Beq%5D=kit&search=mug');
    expect(started!.body).toEqual({ product_uuids: ['u-1', 'u-2'] });
    expect(await screen.findByText('Export queued…')).toBeInTheDocument();

    live.emitProgress(progress({ transferId: EXPORT.id, kind: 'export', rowsTotal: 200, rowsDone: 100 }));
    expect(await screen.findByText('Exporting… 50%')).toBeInTheDocument();
    stored = DONE;
    live.emitProgress(
      progress({ transferId: EXPORT.id, kind: 'export', status: 'done', rowsTotal: 200, rowsDone: 200 }),
    );
    fireEvent.click(await screen.findByText('Download'));

    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(buttonByText('Download')).not.toHaveClass('ant-btn-loading'));
    expect(saved[0]!.name).toBe('products-export-2026-11-24.xlsx');
    expect(await blobText(saved[0]!.content)).toBe('xlsx bytes');
  });
});

describe('TransferLinkHandler', () => {
  const renderLink = (uuid: string) =>
    renderWithApp(
      <TransferLinkHandler
        storeId={12}
        importTitle="Import products"
        uploadPath="products/12/import"
        templateColumns={['sku', 'title']}
      />,
      `/products/12?transfer=${uuid}`,
    );

  it('opens a linked import on its outcome and error report, and forgets the link when closed', async () => {
    stubFetch({
      [`GET /fileTransfers/12/${TRANSFER.uuid}`]: {
        body: { data: { ...TRANSFER, status: 'done', rows_total: 3, rows_done: 2, rows_failed: 1 } },
      },
      [`GET /fileTransfers/12/${TRANSFER.uuid}/report`]: {
        body: 'row,column,message\n2,quantity,The quantity must be a whole number.\n',
      },
    });
    renderLink(TRANSFER.uuid);
    const modal = await findModal('Import products');
    expect(
      await within(modal).findByText('Import finished: 2 rows imported, 1 row failed.'),
    ).toBeInTheDocument();
    expect(await within(modal).findByText('The quantity must be a whole number.')).toBeInTheDocument();

    fireEvent.click(buttonByText('Close', modal));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/products\/12$/));
  });

  it('offers a linked export for download', async () => {
    withBlobBodies(
      stubFetch({
        [`GET ${EXPORT_PATH}`]: { body: { data: DONE } },
        [`GET ${EXPORT_PATH}/download`]: { body: 'the file' },
      }),
    );
    const saved = recordDownloads();
    renderLink(EXPORT.uuid);
    const modal = await findModal('Export');
    expect(within(modal).getByText('Your XLSX export is ready.')).toBeInTheDocument();
    fireEvent.click(buttonByText('Download', modal));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['products-export-2026-11-24.xlsx']));
    await waitFor(() => expect(buttonByText('Download', modal)).not.toHaveClass('ant-btn-loading'));
  });

  it('drops a link to a transfer that cannot be read', async () => {
    stubFetch({});
    renderLink('no-such-transfer');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/products\/12$/));
    expect(document.querySelector('.ant-modal')).toBeNull();
  });
});
