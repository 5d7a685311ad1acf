import { QueryTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * The order day counters' triggers (0020) stand aside while a session sets this variable: a writer
 * sets it around one statement whose counts it moves itself, once for the statement instead of once
 * per row (the import's multi-row upsert of 500 orders, whose row triggers were 500 counter upserts,
 * ≈ a tenth of the batch's database time; `flows/import-orders/order-day-counts.ts`). Every other
 * statement, and every other writer, is counted by the triggers as before.
 */
const BY_STATEMENT = '@order_day_counts_by_statement';

/** One counter move for the row OLD or NEW: `sign` is +1 or −1 (as 0020 wrote it). */
function dayCountMove(row: 'OLD' | 'NEW', sign: 1 | -1): string {
  return `IF ${row}.order_date IS NOT NULL THEN
      INSERT INTO order_day_counts (store_id, day, sync_status, status, count)
      VALUES (${row}.store_id, DATE(${row}.order_date), ${row}.sync_status, COALESCE(${row}.status, ''), ${sign})
      ON DUPLICATE KEY UPDATE count = count + (${sign});
    END IF;`;
}

const moved = `NOT (OLD.store_id <=> NEW.store_id AND DATE(OLD.order_date) <=> DATE(NEW.order_date)
               AND OLD.sync_status <=> NEW.sync_status AND OLD.status <=> NEW.status)`;

/**
 * The insert and update triggers of 0020, standing aside while the variable is set when `bypass`.
 * MariaDB replaces a trigger in one step; MySQL drops it first, so an order written in between
 * (a deployment writing while it migrates) would not be counted.
 */
async function createTriggers(migration: Parameters<Migration>[0], bypass: boolean): Promise<void> {
  const { sequelize } = migration.context;
  const version = await sequelize.query<{ version: string }>('SELECT VERSION() AS version', {
    type: QueryTypes.SELECT,
    plain: true,
  });
  const replace = /mariadb/i.test(version?.version ?? '');
  const unless = (body: string) => (bypass ? `IF ${BY_STATEMENT} IS NULL THEN ${body} END IF;` : body);
  const create = async (name: string, event: 'INSERT' | 'UPDATE', body: string) => {
    if (!replace) await sequelize.query(`DROP TRIGGER IF EXISTS ${name}`);
    await sequelize.query(
      `CREATE ${replace ? 'OR REPLACE ' : ''}TRIGGER ${name} AFTER ${event} ON orders FOR EACH ROW
     BEGIN
       ${unless(body)}
     END`,
    );
  };
  await create('orders_day_counts_after_insert', 'INSERT', dayCountMove('NEW', 1));
  await create(
    'orders_day_counts_after_update',
    'UPDATE',
    `IF ${moved} THEN
         ${dayCountMove('OLD', -1)}
         ${dayCountMove('NEW', 1)}
       END IF;`,
  );
}

/** MySQL only: SQLite has no day counters (the list counts directly there). */
export const up: Migration = async (migration) => {
  if (migration.context.sequelize.getDialect() === 'sqlite') return;
  await createTriggers(migration, true);
};

export const down: Migration = async (migration) => {
  if (migration.context.sequelize.getDialect() === 'sqlite') return;
  await createTriggers(migration, false);
};
