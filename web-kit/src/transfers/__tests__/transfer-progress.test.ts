import {
  applyFetchedTransfer,
  applyProgressEvent,
  isTransferFinished,
  transferPercent,
} from '../transfer-progress';
import { parseImportReport } from '../transfers.api';
import { progress, TRANSFER } from './transfer-test-kit';

describe('transfer progress', () => {
  const running = { ...TRANSFER, status: 'running' as const, rows_total: 100, rows_done: 40, rows_failed: 1 };

  it('moves forward with events of its own transfer only', () => {
    expect(applyProgressEvent(running, progress({ rowsDone: 50, rowsFailed: 2 }))).toMatchObject({
      status: 'running',
      rows_done: 50,
      rows_failed: 2,
    });
    expect(applyProgressEvent(running, progress({ transferId: 7, rowsDone: 90 }))).toBe(running);
    // Events can overtake each other: counts never go back.
    expect(applyProgressEvent(running, progress({ rowsDone: 10 })).rows_done).toBe(40);
  });

  it('keeps a finish against late events and stale fetches', () => {
    const done = applyProgressEvent(running, progress({ status: 'done', rowsDone: 99, rowsFailed: 1 }));
    expect(isTransferFinished(done)).toBe(true);
    expect(applyProgressEvent(done, progress({ status: 'running', rowsDone: 60 })).status).toBe('done');
    expect(applyFetchedTransfer(done, running)).toMatchObject({ status: 'done', rows_done: 99 });
    // A fetched finish brings the outcome fields.
    const fetched = { ...done, finished_at: '2026-11-24T10:00:00.000Z' };
    expect(applyFetchedTransfer(running, fetched)).toEqual(fetched);
    expect(applyFetchedTransfer(null, running)).toBe(running);
  });

  it('counts handled rows as a percentage, unknown until the total is', () => {
    expect(transferPercent({ ...running, rows_total: null })).toBeNull();
    expect(transferPercent(running)).toBe(41);
    expect(transferPercent({ ...running, rows_done: 100, rows_failed: 0 })).toBe(99);
    expect(transferPercent({ ...running, status: 'done' })).toBe(100);
  });
});

describe('parseImportReport', () => {
  it('reads the CSV report by position, with quoted messages and a byte-order mark', () => {
    const csv =
      '\uFEFFrow (1 = first row after the header),column,message\r\n3,price,"Not a number, use 9.99"\r\n12,sku,"He said ""no"""\r\n\r\n';
    expect(parseImportReport(csv)).toEqual([
      { row: 3, column: 'price', message: 'Not a number, use 9.99' },
      { row: 12, column: 'sku', message: 'He said "no"' },
    ]);
    expect(parseImportReport('row,column,message\n')).toEqual([]);
  });
});
