import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import {
  IMPORT_REPORT_COLUMNS,
  PRODUCT_TRANSFER_COLUMNS,
  SUCCESS_MESSAGES,
  TRANSFER_MESSAGES,
  type FileTransferDto,
} from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  csvOf,
  finishedTransfer,
  progressListener,
  readCsv,
  readXlsx,
  transferClient,
  xlsxOf,
  type ProgressListener,
} from './transfer-test-kit';

/**
 * Product imports and exports through the api and the real job queue, on MySQL: mixed good and
 * bad rows, re-imports that change nothing, kits naming later rows, exports read back with the
 * libraries, formula injection, upload limits and types, who may fetch what, and how it ends
 * (progress events, notification, e-mail).
 */
describe('product imports and exports (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let store: Store;
  let ownerToken: string;
  let readerToken: string;
  let outsiderToken: string;
  let betaToken: string;
  let listener: ProgressListener;
  let client: ReturnType<typeof transferClient>;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'transfers');
    // 64 KB: the oversize test needs a small limit; every other file here is far smaller.
    server = await startTestProcess(database.url, { IMPORT_MAX_FILE_MB: '0.0625' });
    client = transferClient(server);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha Spare'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    store = alpha.stores[0]!;
    ownerToken = await alpha.tokenFor(alpha.owner);
    readerToken = await alpha.tokenFor(await alpha.addMember(['products.read']));
    outsiderToken = await alpha.tokenFor(await alpha.addMember(['channels.read']));
    betaToken = await beta.tokenFor(beta.owner);
    listener = await progressListener(server, ownerToken);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const importPath = (target: Store = store) => `/products/${target.id}/import`;
  const exportPath = (format: string, query = '', target: Store = store) =>
    `/products/${target.id}/export/${format}${query}`;
  const transferPath = (transfer: Pick<FileTransferDto, 'store_id' | 'uuid'>) =>
    `/fileTransfers/${transfer.store_id}/${transfer.uuid}`;

  const importFile = async (bytes: Buffer | string, name: string, token = ownerToken, target = store) => {
    const started = await client.upload(importPath(target), token, bytes, name);
    return finishedTransfer(started, listener);
  };
  const shown = async (transfer: Pick<FileTransferDto, 'store_id' | 'uuid'>) =>
    (await client.call('GET', transferPath(transfer), ownerToken)).body.data as FileTransferDto;
  const reportOf = async (transfer: Pick<FileTransferDto, 'store_id' | 'uuid'>) => {
    const file = await client.fetchFile(`${transferPath(transfer)}/report`, ownerToken);
    expect(file.status).toBe(200);
    return readCsv(file.bytes);
  };
  const productsOf = async (target: Store = store) => {
    const rows = await server.services.models.Product.findAll({ where: { store_id: target.id }, raw: true });
    return new Map(rows.map((row) => [row.sku, row]));
  };
  const movementCount = async (target: Store = store) =>
    server.services.models.StockMovement.count({ where: { store_id: target.id } });
  const kitLines = async (kitId: number) =>
    (
      await server.services.models.KitItem.findAll({
        where: { kit_product_id: kitId },
        order: [['id', 'ASC']],
        raw: true,
      })
    ).map((line) => `${line.sku}:${line.quantity}`);

  // A file with good rows, bad rows and a kit whose components come further down.
  const MIXED_ROWS: (string | number)[][] = [
    [
      'SKU',
      'Title',
      'Type',
      'Quantity',
      'Price',
      'Nominal code',
      'Barcode',
      'Auto sync stock',
      'Kit items',
      'Notes',
    ],
    ['GIFT-1', 'Gift box', 'kit', '', '24.99', '', '', 'yes', 'MUG-RED:2|TEA-1:1', 'ignored column'],
    ['MUG-RED', 'Red mug', 'product', 12, '£7.5', '4000', '5012345678900', 'yes', '', ''],
    ['BAD-QTY', 'Bad quantity', 'product', 'many', '', '', '', '', '', ''],
    ['', 'No SKU', 'product', 1, '', '', '', '', '', ''],
    ['TEA-1', 'Green tea', 'Product', 30, '3.20', '', '', 'no', '', ''],
    ['MUG-RED', 'Red mug again', 'product', 99, '', '', '', '', '', ''],
    ['GIFT-2', 'Broken gift', 'kit', '', '', '', '', '', 'NOPE-1:1', ''],
    ['PLAIN-1', 'Plain with parts', 'product', 1, '', '', '', '', 'TEA-1:1', ''],
    ['PRICE-1', 'Odd price', 'product', 1, '1.234', '', '', '', '', ''],
  ];

  it('imports a CSV with good and bad rows through the job queue, reports each refused row, and tells the starter', async () => {
    const movementsBefore = await movementCount();
    const started = await client.upload(importPath(), ownerToken, csvOf(MIXED_ROWS), 'mixed-été.csv');
    expect(started.status).toBe(202);
    expect(started.body.message).toBe(SUCCESS_MESSAGES.importStarted);
    expect(started.body.data).toMatchObject({
      kind: 'import',
      subject: 'products',
      status: 'queued',
      file_format: 'csv',
    });
    const transfer = await finishedTransfer(started, listener);
    expect(transfer._event).toMatchObject({ status: 'done', rowsDone: 3, rowsFailed: 6, rowsTotal: 9 });

    const products = await productsOf();
    expect([...products.keys()].sort()).toEqual(['GIFT-1', 'MUG-RED', 'TEA-1']);
    expect(products.get('MUG-RED')).toMatchObject({
      title: 'Red mug',
      quantity: 12,
      nominal_code: '4000',
      barcode: '5012345678900',
    });
    expect(Number(products.get('MUG-RED')!.price)).toBe(7.5);
    expect(products.get('TEA-1')).toMatchObject({ quantity: 30 });
    expect(Boolean(products.get('TEA-1')!.auto_sync_stock)).toBe(false);
    expect(products.get('GIFT-1')).toMatchObject({ type: 'kit', quantity: 0 });
    // The kit named components further down the file: they were in by the time it was applied.
    expect(await kitLines(products.get('GIFT-1')!.id)).toEqual(['MUG-RED:2', 'TEA-1:1']);
    expect(await movementCount()).toBe(movementsBefore + 2);

    const dto = await shown(transfer);
    expect(dto).toMatchObject({
      status: 'done',
      rows_total: 9,
      rows_done: 3,
      rows_failed: 6,
      original_name: 'mixed-été.csv',
    });
    expect(dto.report_path).toBe(`${transferPath(transfer)}/report`);
    const stored = await server.services.models.FileTransfer.findOne({ where: { uuid: transfer.uuid } });
    expect(stored!.content_hash).toMatch(/^[0-9a-f]{64}$/);

    const [header, ...rows] = await reportOf(transfer);
    expect(header).toEqual([...IMPORT_REPORT_COLUMNS]);
    const byRow = (row: number) =>
      rows.filter((line) => line[0] === String(row)).map((line) => [line[1], line[2]]);
    expect(byRow(3)).toEqual([['quantity', expect.stringMatching(/whole number/)]]);
    expect(byRow(4)).toEqual([['sku', 'The SKU field is required.']]);
    expect(byRow(6)).toEqual([['sku', expect.stringContaining('already in row 2')]]);
    expect(byRow(7)).toEqual([['kit_items', 'There is no product with SKU NOPE-1 in this store.']]);
    expect(byRow(8)).toEqual([['kit_items', expect.stringMatching(/^Only a kit has components/)]]);
    expect(byRow(9)).toEqual([['price', expect.stringMatching(/at most 2 decimals/)]]);
    // In file order, though the kit of row 7 was applied after every other row.
    expect(rows.map((line) => line[0])).toEqual(['3', '4', '6', '7', '8', '9']);

    // Progress: running first, then the end; every figure only grows.
    const events = listener.of(transfer.id);
    expect(events[0]!.status).toBe('running');
    expect(events.at(-1)!.status).toBe('done');
    const handled = events.map((event) => event.rowsDone + event.rowsFailed);
    expect(handled).toEqual([...handled].sort((a, b) => a - b));

    const notification = await server.services.models.Notification.findOne({
      where: { user_id: alpha.owner.id, link: `/products/${store.id}?transfer=${transfer.uuid}` },
    });
    expect(notification).toMatchObject({ level: 1, title: 'Import finished' });
    expect(notification!.message).toBe('mixed-été.csv: 3 created, 0 updated, 0 unchanged, 6 refused.');
    const mail = await server.services.models.OutboxEmail.findOne({
      where: { to_address: alpha.owner.email, text_body: { [Op.like]: `%${transfer.uuid}%` } },
    });
    expect(mail!.subject).toBe('Your products import has finished');
    expect(mail!.text_body).toContain(`/products/${store.id}?transfer=${transfer.uuid}`);
    expect(mail!.text_body).toContain('error report');
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await productsOf();
    const movementsBefore = await movementCount();
    const transfer = await importFile(csvOf(MIXED_ROWS), 'mixed-again.csv');
    expect(transfer._event).toMatchObject({ status: 'done', rowsDone: 3, rowsFailed: 6 });
    const notification = await server.services.models.Notification.findOne({
      where: { link: `/products/${store.id}?transfer=${transfer.uuid}` },
    });
    expect(notification!.message).toBe('mixed-again.csv: 0 created, 0 updated, 3 unchanged, 6 refused.');
    const after = await productsOf();
    for (const [sku, product] of before) {
      expect(after.get(sku)).toMatchObject({
        quantity: product.quantity,
        title: product.title,
        price: product.price,
      });
    }
    expect(await movementCount()).toBe(movementsBefore);
  });

  it('imports an XLSX workbook as Excel saves it, headers in any case, numbers as numbers', async () => {
    const target = alpha.stores[1]!;
    const bytes = await xlsxOf([
      ['sku', 'TITLE', 'type', 'quantity', 'price'],
      ['XL-1', 'From Excel', 'product', 5, 9.99],
      [null, null, null, null, null],
      ['XL-2', 'Bad type', 'bundle', 1, null],
      ['XL-3', 'Negative', 'product', -3, null],
      [12345, 'Numeric SKU', 'product', 1, 2],
    ]);
    const started = await client.upload(importPath(target), ownerToken, bytes, 'workbook.xlsx');
    expect(started.body.data.file_format).toBe('xlsx');
    const transfer = await finishedTransfer(started, listener);
    expect(transfer._event).toMatchObject({ status: 'done', rowsDone: 2, rowsFailed: 2, rowsTotal: 4 });
    const products = await productsOf(target);
    expect(products.get('XL-1')).toMatchObject({ quantity: 5, title: 'From Excel' });
    expect(Number(products.get('XL-1')!.price)).toBe(9.99);
    expect(products.get('12345')).toMatchObject({ quantity: 1 });
    const [, ...rows] = await reportOf(transfer);
    // Row numbers are the sheet's: the empty row 3 still counts.
    expect(rows).toEqual([
      ['3', 'type', 'The type must be Product or Kit.'],
      ['4', 'quantity', expect.stringMatching(/whole number from 0/)],
    ]);
  });

  it('fails an import whose file lacks a required column, and says which', async () => {
    const transfer = await importFile('sku,quantity\nA-1,3\n', 'no-title.csv');
    expect(transfer._event.status).toBe('failed');
    const dto = await shown(transfer);
    expect(dto.error).toBe('The file has no title, type column. The first row must hold the column headers.');
    const notification = await server.services.models.Notification.findOne({
      where: { link: `/products/${store.id}?transfer=${transfer.uuid}` },
    });
    expect(notification).toMatchObject({ level: 2, title: 'Import failed' });
  });

  it('exports CSV and XLSX with the import columns, neutralising formulas but keeping negative numbers', async () => {
    const target = alpha.stores[1]!;
    const { Product } = server.services.models;
    const base = { company_id: target.company_id, store_id: target.id, nominal_code: null, barcode: null };
    await Product.create({
      ...base,
      uuid: randomUUID(),
      sku: 'EVIL-1',
      title: '=HYPERLINK("http://x","y")',
      price: '4.50',
    });
    await Product.create({
      ...base,
      uuid: randomUUID(),
      sku: '-DASH',
      title: '@SUM(1)',
      price: null,
      quantity: -3,
    });
    await Product.create({
      ...base,
      uuid: randomUUID(),
      sku: 'PLUS-1',
      title: '+44 20 7946 0000',
      price: null,
    });

    const csvStarted = await client.call('POST', exportPath('csv', '?search=EVIL', target), ownerToken, {});
    expect(csvStarted.status).toBe(202);
    expect(csvStarted.body.message).toBe(SUCCESS_MESSAGES.exportStarted);
    const csvTransfer = await finishedTransfer(csvStarted, listener);
    expect(csvTransfer._event).toMatchObject({ status: 'done', rowsDone: 1, rowsTotal: 1 });
    const dto = await shown(csvTransfer);
    expect(dto.download_path).toBe(`${transferPath(csvTransfer)}/download`);
    const csvFile = await client.fetchFile(dto.download_path!, ownerToken);
    expect(csvFile.status).toBe(200);
    expect(csvFile.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csvFile.headers.get('content-disposition')).toContain(`products-store-${target.id}-`);
    expect(csvFile.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(readCsv(csvFile.bytes)).toEqual([
      [...PRODUCT_TRANSFER_COLUMNS],
      ['EVIL-1', `'=HYPERLINK("http://x","y")`, 'product', '0', '4.50', '', '', 'yes', ''],
    ]);

    const everything = await finishedTransfer(
      await client.call('POST', exportPath('csv', '', target), ownerToken, {}),
      listener,
    );
    const all = readCsv((await client.fetchFile(`${transferPath(everything)}/download`, ownerToken)).bytes);
    const dash = all.find((row) => row[0] === "'-DASH")!;
    expect(dash.slice(1, 4)).toEqual(["'@SUM(1)", 'product', '-3']);
    expect(all.find((row) => row[0] === 'PLUS-1')![1]).toBe("'+44 20 7946 0000");

    const dashUuid = (await Product.findOne({ where: { sku: '-DASH' } }))!.uuid;
    const xlsxStarted = await client.call('POST', exportPath('xlsx', '', target), ownerToken, {
      product_uuids: [dashUuid],
    });
    const xlsxTransfer = await finishedTransfer(xlsxStarted, listener);
    const xlsxFile = await client.fetchFile(`${transferPath(xlsxTransfer)}/download`, ownerToken);
    expect(xlsxFile.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(await readXlsx(xlsxFile.bytes)).toEqual([
      [...PRODUCT_TRANSFER_COLUMNS],
      ["'-DASH", "'@SUM(1)", 'product', -3, undefined, undefined, undefined, 'yes'],
    ]);
  });

  it('imports an edited export back: the untouched rows are unchanged, formulas come back as written', async () => {
    const target = alpha.stores[1]!;
    const exported = await finishedTransfer(
      await client.call('POST', exportPath('csv', '', target), ownerToken, {}),
      listener,
    );
    const file = await client.fetchFile(`${transferPath(exported)}/download`, ownerToken);
    const rows = readCsv(file.bytes);
    const before = await productsOf(target);
    const movements = await movementCount(target);
    const again = await importFile(file.bytes, 'round-trip.csv', ownerToken, target);
    expect(again._event).toMatchObject({ status: 'done', rowsFailed: 1 });
    // The negative figure on hand is data a seller can't set by import (0 or more): refused, not altered.
    const notification = await server.services.models.Notification.findOne({
      where: { link: `/products/${target.id}?transfer=${again.uuid}` },
    });
    expect(notification!.message).toBe(
      `round-trip.csv: 0 created, 0 updated, ${rows.length - 2} unchanged, 1 refused.`,
    );
    const after = await productsOf(target);
    expect(after.get('EVIL-1')!.title).toBe('=HYPERLINK("http://x","y")');
    expect(after.get('PLUS-1')!.title).toBe('+44 20 7946 0000');
    for (const [sku, product] of before) expect(after.get(sku)).toEqual(product);
    expect(await movementCount(target)).toBe(movements);

    // An edit in a spreadsheet comes in as an update.
    const edited = rows.map((row) => (row[0] === 'PLUS-1' ? [row[0], 'Plus renamed', ...row.slice(2)] : row));
    const editedRun = await importFile(csvOf(edited), 'edited.csv', ownerToken, target);
    const editNotice = await server.services.models.Notification.findOne({
      where: { link: `/products/${target.id}?transfer=${editedRun.uuid}` },
    });
    expect(editNotice!.message).toMatch(/^edited\.csv: 0 created, 1 updated, /);
    expect((await productsOf(target)).get('PLUS-1')!.title).toBe('Plus renamed');
  });

  it('refuses an upload that is too large, not a CSV or XLSX by content, or missing', async () => {
    // Caught while streaming (the request's length is within the limit plus the multipart envelope)…
    const tooBig = await client.upload(
      importPath(),
      ownerToken,
      `sku,title,type\n${'A,B,product\n'.repeat(7000)}`,
      'big.csv',
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('The file is larger than the 0.06 MB limit.');
    // …or before a byte is read, from the declared length.
    const huge = await client.upload(
      importPath(),
      ownerToken,
      `sku,title,type\n${'A,B,product\n'.repeat(20000)}`,
      'big.csv',
    );
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The file is larger than the 0.06 MB limit.');

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const renamed = await client.upload(importPath(), ownerToken, png, 'products.csv');
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ file: [TRANSFER_MESSAGES.wrongType] });

    // A zip that is not a workbook (here: a workbook's zip without xl/workbook.xml).
    const JSZipLike = await xlsxOf([['sku']]);
    const broken = Buffer.from(JSZipLike);
    const name = Buffer.from('xl/workbook.xml');
    for (let at = broken.indexOf(name); at !== -1; at = broken.indexOf(name, at + 1)) {
      broken.write('xl/workbooX.xml', at);
    }
    const notWorkbook = await client.upload(importPath(), ownerToken, broken, 'products.xlsx');
    expect(notWorkbook.status).toBe(422);
    expect(notWorkbook.body.errors).toEqual({ file: [TRANSFER_MESSAGES.wrongType] });

    const empty = await client.upload(importPath(), ownerToken, '', 'empty.csv');
    expect(empty.body.errors).toEqual({ file: [TRANSFER_MESSAGES.emptyFile] });

    const noFile = await client.call('POST', importPath(), ownerToken, {});
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors).toEqual({ file: [TRANSFER_MESSAGES.fileRequired] });

    // Content decides, not the name: a workbook called .csv is read as a workbook.
    const workbook = await xlsxOf([['sku', 'title', 'type']]);
    const disguised = await client.upload(importPath(), ownerToken, workbook, 'really-a-workbook.csv');
    expect(disguised.status).toBe(202);
    expect(disguised.body.data.file_format).toBe('xlsx');
    await finishedTransfer(disguised, listener);

    const refusedTransfers = await server.services.models.FileTransfer.count({
      where: { original_name: ['big.csv', 'products.csv', 'products.xlsx', 'empty.csv'] },
    });
    expect(refusedTransfers).toBe(0);
  });

  it('shows transfers, files and reports to store members with products.read only', async () => {
    const exported = await finishedTransfer(
      await client.call('POST', exportPath('csv'), ownerToken, {}),
      listener,
    );
    const imported = await importFile(csvOf(MIXED_ROWS), 'access.csv');
    for (const path of [
      transferPath(exported),
      `${transferPath(exported)}/download`,
      `${transferPath(imported)}/report`,
    ]) {
      expect((await client.fetchFile(path, readerToken)).status).toBe(200);
      expect((await client.fetchFile(path, outsiderToken)).status).toBe(403);
      const foreign = await client.fetchFile(path, betaToken);
      expect(foreign.status).toBe(404);
      expect(foreign.bytes.toString()).not.toContain('MUG-RED');
    }
    // The same uuid under another store of the company, or a store of another company: not found.
    const otherStore = alpha.stores[1]!;
    expect(
      (await client.call('GET', `/fileTransfers/${otherStore.id}/${exported.uuid}`, ownerToken)).status,
    ).toBe(404);
    expect(
      (await client.call('GET', `/fileTransfers/${beta.stores[0]!.id}/${exported.uuid}`, betaToken)).status,
    ).toBe(404);
    // An import has no download, an export no report.
    expect((await client.fetchFile(`${transferPath(imported)}/download`, ownerToken)).status).toBe(404);
    expect((await client.fetchFile(`${transferPath(exported)}/report`, ownerToken)).status).toBe(404);
    // Starting needs the right permission and a reachable store.
    expect((await client.upload(importPath(), readerToken, 'sku,title,type\n', 'a.csv')).status).toBe(403);
    expect(
      (await client.upload(importPath(beta.stores[0]!), ownerToken, 'sku,title,type\n', 'a.csv')).status,
    ).toBe(404);
    const pdf = await client.call('POST', exportPath('pdf'), ownerToken, {});
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors).toEqual({ fileFormat: ['The file format must be csv or xlsx.'] });
    expect(
      (await client.call('POST', exportPath('csv', '?quantity[between]=1'), ownerToken, {})).status,
    ).toBe(422);
    expect((await client.call('POST', exportPath('csv'), outsiderToken, {})).status).toBe(403);
  });

  it('fails a queued transfer whose starter lost access meanwhile', async () => {
    const member = await alpha.addMember(['products.read']);
    // Queued by the member (written here, so the worker can't take it before the membership goes).
    const transfer = await server.services.models.FileTransfer.create({
      uuid: randomUUID(),
      company_id: alpha.company.id,
      store_id: store.id,
      user_id: member.id,
      kind: 'export',
      subject: 'products',
      channel_id: null,
      file_format: 'csv',
      original_name: null,
      content_hash: null,
      file_path: null,
      options: JSON.stringify({ clientIp: '127.0.0.1', via: 'web', query: {} }),
    });
    await server.services.models.CompanyUser.destroy({
      where: { company_id: alpha.company.id, user_id: member.id },
    });
    await server.services.transfers.run(transfer.id);
    await transfer.reload();
    expect(transfer).toMatchObject({
      status: 'failed',
      error: TRANSFER_MESSAGES.lostAccess,
      file_path: null,
    });
    const notification = await server.services.models.Notification.findOne({ where: { user_id: member.id } });
    expect(notification).toMatchObject({ level: 2, title: 'Export failed' });
    // Run again (a repeated job): a finished transfer is left as it is.
    await server.services.transfers.run(transfer.id);
    expect(await server.services.models.Notification.count({ where: { user_id: member.id } })).toBe(1);
  });
});
