import fs from 'node:fs';
import path from 'node:path';
import type { Umzug } from 'umzug';
import { QueryTypes, type QueryInterface, type Sequelize } from 'sequelize';

export type MigrationContext = { queryInterface: QueryInterface; sequelize: Sequelize };

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
const STORAGE_TABLE = 'schema_migrations';

export async function createMigrator(
  sequelize: Sequelize,
  logger?: { info(message: string): void },
): Promise<Umzug<MigrationContext>> {
  const { Umzug, SequelizeStorage } = await import('umzug');
  return new Umzug<MigrationContext>({
    // Sources under tsx/jest, compiled .js when built: whichever exists beside this file.
    migrations: { glob: ['migrations/*.{ts,js}', { cwd: path.join(__dirname), ignore: ['**/*.d.ts'] }] },
    context: { queryInterface: sequelize.getQueryInterface(), sequelize },
    storage: new SequelizeStorage({ sequelize, tableName: STORAGE_TABLE }),
    logger: logger
      ? {
          info: (event) => logger.info(`migration ${JSON.stringify(event)}`),
          warn: console.warn,
          error: console.error,
          debug: () => undefined,
        }
      : undefined,
  });
}

export type Migration = Umzug<MigrationContext>['_types']['migration'];

/**
 * True when every migration file beside this one is recorded as applied. Most starts (and every
 * test database, copied from a migrated template) find nothing to do; this answers that with one
 * query, without loading the migrator and every migration's code.
 */
async function upToDate(sequelize: Sequelize): Promise<boolean> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts'));
  const applied = await sequelize
    .query<{ name: string }>(`SELECT name FROM ${STORAGE_TABLE}`, { type: QueryTypes.SELECT })
    .catch(() => null);
  if (!applied) return false;
  const names = new Set(applied.map((row) => row.name));
  return files.every((name) => names.has(name));
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(sequelize: Sequelize): Promise<string[]> {
  if (await upToDate(sequelize)) return [];
  const applied = await (await createMigrator(sequelize)).up();
  return applied.map((migration) => migration.name);
}
