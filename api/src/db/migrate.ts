import path from 'node:path';
import { Umzug, SequelizeStorage } from 'umzug';
import type { QueryInterface, Sequelize } from 'sequelize';

export type MigrationContext = { queryInterface: QueryInterface; sequelize: Sequelize };

export function createMigrator(sequelize: Sequelize, logger?: { info(message: string): void }) {
  return new Umzug<MigrationContext>({
    // Sources under tsx/jest, compiled .js when built: whichever exists beside this file.
    migrations: { glob: ['migrations/*.{ts,js}', { cwd: path.join(__dirname), ignore: ['**/*.d.ts'] }] },
    context: { queryInterface: sequelize.getQueryInterface(), sequelize },
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
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

export type Migration = ReturnType<typeof createMigrator>['_types']['migration'];

/** Applies every pending migration; returns the names applied. */
export async function migrate(sequelize: Sequelize): Promise<string[]> {
  const applied = await createMigrator(sequelize).up();
  return applied.map((migration) => migration.name);
}
