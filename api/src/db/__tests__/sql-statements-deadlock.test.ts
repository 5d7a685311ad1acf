import { QueryTypes, type Transaction } from 'sequelize';
import { createSequelize } from '../create-sequelize';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { metDeadlock, StatementQueue } from '../sql-statements';

/**
 * The import sends its statements one behind the other on the transaction's connection without
 * waiting for each answer. When InnoDB picks that transaction as a deadlock's victim it rolls it
 * back whole, and a statement still queued behind the deadlocked one would then run on its own
 * (autocommit) and stay: half an import kept, and counted again by the retry.
 */
describe('a deadlock in the middle of queued statements (mysql)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'sql_deadlock');
    await database.sequelize.query(
      'CREATE TABLE counters (id INT PRIMARY KEY, n INT NOT NULL) ENGINE=InnoDB',
    );
    await database.sequelize.query(
      'CREATE TABLE ledger (id INT PRIMARY KEY, note VARCHAR(50)) ENGINE=InnoDB',
    );
    await database.sequelize.query(
      `INSERT INTO counters (id, n) VALUES ${Array.from({ length: 50 }, (_, index) => `(${index + 1}, 0)`).join(', ')}`,
    );
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('keeps nothing the victim queued after the deadlocked statement', async () => {
    const other = await createSequelize({ url: database.url, dataDir: '/tmp' });
    try {
      const victim = await database.sequelize.transaction();
      const winner = await other.transaction();
      try {
        // The victim holds row 1; the winner holds rows 2..50 (more work done: InnoDB keeps it).
        await database.sequelize.query('UPDATE counters SET n = n + 1 WHERE id = 1', { transaction: victim });
        await other.query('UPDATE counters SET n = n + 1 WHERE id >= 2', { transaction: winner });

        // The victim queues: a wait for row 2 (held by the winner), then a ledger row behind it.
        const queue = new StatementQueue(database.sequelize, victim, true);
        queue.send('UPDATE counters SET n = n + 1 WHERE id = 2');
        queue.send("INSERT INTO ledger (id, note) VALUES (1, 'queued behind the deadlock')");
        const flushed = queue.flush().then(
          () => null,
          (error: unknown) => error,
        );
        // Give the wait time to start, then close the cycle: the winner wants row 1.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const winnerWaits = other.query('UPDATE counters SET n = n + 1 WHERE id = 1', {
          transaction: winner,
        });

        const failure = (await flushed) as { parent?: { errno?: number } } | null;
        expect(failure?.parent?.errno).toBe(1213);
        expect(metDeadlock(victim as Transaction)).toBe(true);
        await winnerWaits;
        await winner.commit();
      } finally {
        await victim.rollback().catch(() => undefined);
      }

      const ledger = await database.sequelize.query('SELECT id FROM ledger', { type: QueryTypes.SELECT });
      expect(ledger).toEqual([]);
      const [row1] = await database.sequelize.query<{ n: number }>('SELECT n FROM counters WHERE id = 1', {
        type: QueryTypes.SELECT,
      });
      // Only the winner's increment: the victim's was rolled back with it.
      expect(row1!.n).toBe(1);
      // The pool still answers after the victim's connection was given up.
      expect(await database.sequelize.query('SELECT 1 AS one', { type: QueryTypes.SELECT })).toEqual([
        { one: 1 },
      ]);
    } finally {
      await other.close();
    }
  });
});
