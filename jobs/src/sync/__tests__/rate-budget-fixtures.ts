import { randomBytes } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { createRateBudgetTable } from '@syncdesk/api/testing';

/** Only the budgets' table: these tests need nothing else of the schema. */
export async function createBudgetTable(sequelize: Sequelize): Promise<void> {
  await createRateBudgetTable(sequelize);
}

/** A key prefix of its own, so tests sharing one Redis or table never share a budget. */
export function uniquePrefix(): string {
  return `test-${randomBytes(4).toString('hex')}`;
}

/**
 * The most calls any window of `periodMs` holds (windows start at each call, so sliding windows are
 * covered, not only the ones a fixed clock would draw).
 */
export function busiestWindow(times: number[], periodMs: number): number {
  const sorted = [...times].sort((left, right) => left - right);
  let busiest = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start += 1) {
    while (end < sorted.length && sorted[end]! < sorted[start]! + periodMs) end += 1;
    busiest = Math.max(busiest, end - start);
  }
  return busiest;
}
