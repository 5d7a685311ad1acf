import type { Sequelize } from 'sequelize';
import type { MigrationContext } from '../db/migrate';
import { up as createRateBudgets } from '../db/migrations/2026-11-24-0024-rate-budgets';

/** Only the shared rate budgets' table, for tests of the budget that need nothing else of the schema. */
export async function createRateBudgetTable(sequelize: Sequelize): Promise<void> {
  const context: MigrationContext = { queryInterface: sequelize.getQueryInterface(), sequelize };
  await createRateBudgets({ name: '0024', path: undefined, context });
}
