import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { RuleRunTrigger } from '@syncdesk/contracts';
import {
  chunksOf,
  rawQuery,
  sqlDialectOf,
  StatementQueue,
  valuesList,
  type SqlValue,
} from '../../db/sql-statements';
import { jsonOf } from '../../db/json-column';
import type { StoredTrace } from '../../modules/rules/rule-trace.codec';
import type { RuleTraceReader } from '../../modules/rules/rule-trace.service';
import { createCatalogueWrite } from '../../modules/products/catalogue-writes';
import { logColumns } from './apply-rule-changes';
import { logMessageOf } from './rule-messages';

/**
 * The import's rule-engine logs on a second connection (MySQL). At 100 rules an imported order
 * matches ~10 of them, and their log rows were a quarter of the import's time on one database
 * connection; on a second one the database writes them beside the orders, on the other core.
 *
 * Nothing is lost between the two transactions: the import's own transaction leaves a row in
 * `rule_log_outbox` naming the batch (its orders, trigger and the traces' time); the logs'
 * transaction deletes that row and commits right after the import commits. A failure before the
 * import commits rolls both back (the logs are written in a savepoint per attempt of the import's
 * work, which a retried attempt rolls back). A row that stays means the logs were lost after the
 * orders committed: `rebuildLostLogs` writes them again from the traces, which hold every
 * evaluation (rules.release_held, every minute).
 */

/** Side connections open at once per process: the pool (10) stays free for everything else. */
const SIDE_CONNECTIONS = 3;
let sidesOpen = 0;

/** An outbox row older than this is taken as lost (an import's two commits are milliseconds apart). */
export const LOST_LOGS_AFTER_MS = 30_000;

export interface LogSideAttempt {
  queue: StatementQueue;
  batchKey: string;
}

export interface LogSide {
  /** A new attempt of the import's work: what an earlier attempt wrote is rolled back. */
  attempt(): Promise<LogSideAttempt>;
  /** After the import committed: the logs commit, and the batch's outbox row goes with them. */
  commit(): Promise<void>;
  /** The import failed: its logs go too. */
  abandon(): Promise<void>;
}

/**
 * A second transaction for one import's logs, or null when none is to be had at once (SQLite, or
 * enough of them open): the logs then go in the import's own transaction. Opened before the import
 * takes any lock, so waiting for a connection never holds one up.
 */
export async function openLogSide(sequelize: Sequelize): Promise<LogSide | null> {
  if (sequelize.getDialect() === 'sqlite' || sidesOpen >= SIDE_CONNECTIONS) return null;
  sidesOpen += 1;
  let transaction: Transaction;
  try {
    transaction = await sequelize.transaction();
  } catch {
    sidesOpen -= 1;
    return null;
  }
  const batchKey = randomUUID();
  let attempts = 0;
  let closed = false;
  const close = () => {
    if (!closed) sidesOpen -= 1;
    closed = true;
  };
  return {
    async attempt() {
      if (attempts > 0) await rawQuery(transaction, 'ROLLBACK TO SAVEPOINT import_attempt');
      attempts += 1;
      await rawQuery(transaction, 'SAVEPOINT import_attempt');
      return { queue: new StatementQueue(sequelize, transaction, true), batchKey };
    },
    async commit() {
      try {
        await rawQuery(transaction, `DELETE FROM rule_log_outbox WHERE batch_key = '${batchKey}'`);
        await transaction.commit();
      } catch {
        // The orders are committed; the outbox row stays and the sweep writes the logs.
        await transaction.rollback().catch(() => undefined);
      } finally {
        close();
      }
    },
    async abandon() {
      try {
        await transaction.rollback();
      } catch {
        // The connection went with whatever failed; nothing of it was committed.
      } finally {
        close();
      }
    },
  };
}

/** The outbox row an import's transaction leaves for its logs (sent on the import's queue). */
export function outboxRowSql(
  sequelize: Sequelize,
  row: {
    batchKey: string;
    companyId: number;
    storeId: number;
    trigger: RuleRunTrigger;
    orderIds: readonly number[];
    tracedAt: Date;
  },
): string {
  const dialect = sqlDialectOf(sequelize);
  return (
    'INSERT INTO rule_log_outbox (batch_key, company_id, store_id, trigger_type, order_ids, traced_at, created_at) VALUES ' +
    valuesList(dialect, [
      [
        row.batchKey,
        row.companyId,
        row.storeId,
        row.trigger,
        row.orderIds.join(','),
        row.tracedAt,
        new Date(),
      ],
    ])
  );
}

interface OutboxRow {
  id: number;
  company_id: number;
  store_id: number;
  trigger_type: string;
  order_ids: string;
  traced_at: Date | string;
}

/**
 * Writes again the logs of batches whose logs' transaction was lost, from the orders' traces, and
 * clears their outbox rows; each batch in one transaction. Answers how many batches it wrote.
 */
export async function rebuildLostLogs(
  sequelize: Sequelize,
  traces: RuleTraceReader,
  options: { olderThanMs?: number } = {},
): Promise<number> {
  const before = new Date(Date.now() - (options.olderThanMs ?? LOST_LOGS_AFTER_MS));
  const rows = await sequelize.query<OutboxRow>(
    'SELECT id, company_id, store_id, trigger_type, order_ids, traced_at FROM rule_log_outbox WHERE created_at < ? ORDER BY id LIMIT 20',
    { replacements: [before], type: QueryTypes.SELECT },
  );
  const write = createCatalogueWrite(sequelize);
  const dialect = sqlDialectOf(sequelize);
  let written = 0;
  for (const row of rows) {
    written += await write(async (transaction) => {
      // Taken once: a second sweep (another worker) finds it gone.
      const [claimed] = await sequelize.query<{ id: number }>(
        `SELECT id FROM rule_log_outbox WHERE id = ?${dialect.mysql ? ' FOR UPDATE' : ''}`,
        { replacements: [row.id], type: QueryTypes.SELECT, transaction },
      );
      if (!claimed) return 0;
      const orderIds = row.order_ids.split(',').map(Number).filter(Number.isFinite);
      const stored = orderIds.length
        ? await sequelize.query<{ company_id: number; order_id: number; evaluations: unknown }>(
            `SELECT company_id, order_id, evaluations FROM order_rule_traces WHERE order_id IN (${orderIds.join(', ')}) ` +
              // The time as the traces were written (sql-statements' literal, milliseconds and all).
              `AND trigger_type = ? AND created_at = ${dialect.literal(new Date(row.traced_at))} ORDER BY id`,
            {
              replacements: [row.trigger_type],
              type: QueryTypes.SELECT,
              transaction,
            },
          )
        : [];
      const parsed = stored.map((trace) => jsonOf<StoredTrace>(trace.evaluations)!);
      const expanded = await traces.expand(parsed);
      // An import's batch: store rules only, as RuleChangeWriter wrote them (logColumns).
      const values: SqlValue[][] = [];
      stored.forEach((trace, index) => {
        const written = parsed[index]!;
        const orderNumber = !Array.isArray(written) && written.v === 3 ? written.f.order_number : '';
        for (const { kind, evaluation } of expanded[index]!) {
          if (kind !== 'rule' || !evaluation.matched || evaluation.skipped) continue;
          values.push([
            trace.company_id,
            row.store_id,
            orderNumber.slice(0, 190),
            Number(trace.order_id),
            row.trigger_type,
            evaluation.rule_id,
            evaluation.rule_version,
            evaluation.rule_name.slice(0, 190),
            evaluation.actions.some((action) => action.changed),
            logMessageOf(evaluation),
            new Date(row.traced_at),
          ]);
        }
      });
      for (const part of chunksOf(values, 1000))
        await sequelize.query(
          `INSERT INTO rule_engine_logs (${logColumns('rule', false)}) VALUES ${valuesList(dialect, part)}`,
          { transaction },
        );
      await sequelize.query('DELETE FROM rule_log_outbox WHERE id = ?', {
        replacements: [row.id],
        transaction,
      });
      return 1;
    });
  }
  return written;
}
