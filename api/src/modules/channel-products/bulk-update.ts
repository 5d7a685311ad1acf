import type { Model, ModelStatic, Transaction } from 'sequelize';
import { chunksOf } from './channel-product-targets';

/** Rows per UPDATE: every value is one CASE branch, so the statement stays a few hundred kB at most. */
const ROWS_PER_STATEMENT = 500;

/**
 * Writes different values to many rows in one statement per chunk:
 * `UPDATE t SET a = CASE id WHEN 1 THEN ? … END, …, updated_at = ? WHERE id IN (…)`.
 * Unlike an insert-or-update, a row deleted meanwhile stays deleted. Columns are the caller's
 * constants (quoted as identifiers); every value is escaped by Sequelize for the dialect.
 */
export async function updateRowsById<M extends Model>(
  model: ModelStatic<M>,
  columns: readonly string[],
  rows: readonly { id: number; values: Record<string, unknown> }[],
  transaction?: Transaction,
): Promise<void> {
  if (rows.length === 0) return;
  const sequelize = model.sequelize!;
  const queryInterface = sequelize.getQueryInterface();
  const quote = (name: string) => queryInterface.quoteIdentifier(name);
  const table = quote(model.getTableName() as string);
  for (const chunk of chunksOf(rows, ROWS_PER_STATEMENT)) {
    const replacements: unknown[] = [];
    const assignments = columns.map((column) => {
      const branches = chunk.map((row) => {
        replacements.push(row.id, row.values[column] ?? null);
        return 'WHEN ? THEN ?';
      });
      return `${quote(column)} = CASE ${quote('id')} ${branches.join(' ')} END`;
    });
    replacements.push(new Date(), ...chunk.map((row) => row.id));
    const sql =
      `UPDATE ${table} SET ${assignments.join(', ')}, ${quote('updated_at')} = ? ` +
      `WHERE ${quote('id')} IN (${chunk.map(() => '?').join(', ')})`;
    await sequelize.query(sql, { replacements, transaction });
  }
}
