import { Transaction, UniqueConstraintError, type Sequelize } from 'sequelize';
import { metDeadlock } from '../../db/sql-statements';

/** Runs a write transaction of the catalogue; the work may run again, so it reads what it needs inside. */
export type CatalogueWrite = <T>(work: (transaction: Transaction) => Promise<T>) => Promise<T>;

const ATTEMPTS = 6;
/** MySQL/MariaDB: deadlock found, lock wait timeout, a duplicate key (a statement sent without Sequelize). */
const RETRIED_MYSQL_ERRORS = new Set([1213, 1205, 1062]);

/** The error a deadlocked transaction's work surfaced, marked so the runner runs the work again. */
class DeadlockRolledBack extends Error {
  constructor(readonly surfaced: unknown) {
    super(
      `The transaction was rolled back after a deadlock: ${(surfaced as Error)?.message ?? String(surfaced)}`,
    );
  }
}

function isRetriable(error: unknown): boolean {
  if (error instanceof DeadlockRolledBack) return true;
  // Two writers raced to the same unique row (an idempotency key, a new SKU): the work, run again,
  // sees the winner's row and answers as if it came second.
  if (error instanceof UniqueConstraintError) return true;
  const parent = (error as { parent?: { errno?: number; code?: string } })?.parent;
  if (parent?.errno !== undefined && RETRIED_MYSQL_ERRORS.has(parent.errno)) return true;
  return parent?.code === 'SQLITE_BUSY';
}

/**
 * How the catalogue writes. On MySQL a transaction locks the rows it changes (`FOR UPDATE`) and a
 * deadlock or a lost race on a unique key runs the work again. SQLite has one writer at a time and
 * Sequelize gives every transaction its own connection, on which a late upgrade from reader to
 * writer fails with SQLITE_BUSY for good; so this process queues its catalogue writes one after the
 * other, and each takes the write lock when it begins (IMMEDIATE), where a busy database is retried.
 */
export function createCatalogueWrite(sequelize: Sequelize): CatalogueWrite {
  const sqlite = sequelize.getDialect() === 'sqlite';
  let queue: Promise<unknown> = Promise.resolve();

  const once = <T>(work: (transaction: Transaction) => Promise<T>): Promise<T> =>
    sqlite
      ? sequelize.transaction({ type: Transaction.TYPES.IMMEDIATE }, work)
      : sequelize.transaction(async (transaction) => {
          try {
            return await work(transaction);
          } catch (error) {
            // Sequelize rolls a deadlocked transaction back at once and marks it (`finished`, not in
            // its types). The work may have had other statements in flight on the connection, and
            // one of their failures (a foreign key to a row the rollback removed) can be the error
            // that surfaced: it is the deadlock all the same, and the work runs again.
            const finished = (transaction as unknown as { finished?: string }).finished;
            if ((finished === 'rollback' || metDeadlock(transaction)) && !isRetriable(error))
              throw new DeadlockRolledBack(error);
            throw error;
          }
        });

  const serialised = <T>(run: () => Promise<T>): Promise<T> => {
    if (!sqlite) return run();
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };

  return async function write<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await serialised(() => once(work));
      } catch (error) {
        if (attempt >= ATTEMPTS || !isRetriable(error)) throw error;
        // Two deadlocked writers retrying at once meet again; a random pause lets one go first.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
      }
    }
  };
}
