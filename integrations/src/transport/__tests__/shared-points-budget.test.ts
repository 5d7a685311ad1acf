import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DataTypes, Sequelize } from 'sequelize';
import { sharedPointsBudget } from '../shared-points-budget';
import { memoryPointsBudget, type PointsBudget } from '../points-budget';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';

interface Opened {
  budgets: () => [PointsBudget, PointsBudget];
  close(): Promise<void>;
}

/** The table migration 0056 creates. */
async function createTable(sequelize: Sequelize) {
  await sequelize.getQueryInterface().createTable('rate_point_buckets', {
    bucket: { type: DataTypes.STRING(191), primaryKey: true, allowNull: false },
    available: { type: DataTypes.DOUBLE, allowNull: false },
    maximum: { type: DataTypes.DOUBLE, allowNull: false },
    restore_rate: { type: DataTypes.DOUBLE, allowNull: false },
    at_ms: { type: DataTypes.BIGINT, allowNull: false },
  });
}

const prefix = () => `test-${randomBytes(4).toString('hex')}`;

const STORES: [string, () => Promise<Opened>][] = [
  [
    'memory (one process)',
    async () => {
      const shared = memoryPointsBudget();
      return { budgets: () => [shared, shared], close: async () => undefined };
    },
  ],
  [
    'sqlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'points-'));
      const sequelize = new Sequelize({ dialect: 'sqlite', storage: join(dir, 'db.sqlite'), logging: false });
      await createTable(sequelize);
      return {
        budgets: () => {
          const keys = prefix();
          return [
            sharedPointsBudget({ kind: 'sql', sequelize }, keys),
            sharedPointsBudget({ kind: 'sql', sequelize }, keys),
          ];
        },
        close: async () => {
          await sequelize.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'mysql',
    async () => {
      const name = `points_${randomBytes(4).toString('hex')}`;
      const admin = new Sequelize(MYSQL_URL, { logging: false });
      await admin.query(`CREATE DATABASE \`${name}\``);
      const sequelize = new Sequelize(`${MYSQL_URL}${name}`, { logging: false });
      await createTable(sequelize);
      return {
        budgets: () => {
          const keys = prefix();
          return [
            sharedPointsBudget({ kind: 'sql', sequelize }, keys),
            sharedPointsBudget({ kind: 'sql', sequelize }, keys),
          ];
        },
        close: async () => {
          await sequelize.close();
          await admin.query(`DROP DATABASE \`${name}\``);
          await admin.close();
        },
      };
    },
  ],
  [
    'redis',
    async () => {
      const redis = new Redis(REDIS_URL);
      return {
        budgets: () => {
          const keys = prefix();
          return [
            sharedPointsBudget({ kind: 'redis', redis }, keys),
            sharedPointsBudget({ kind: 'redis', redis }, keys),
          ];
        },
        close: async () => void (await redis.quit()),
      };
    },
  ],
];

describe.each(STORES)('points budget on %s', (_name, open) => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(() => opened.close());

  it('two workers together never take more than the bucket held plus what it restored since', async () => {
    const [first, second] = opened.budgets();
    // The shop said: 30 of 100 points left, 50 back a second.
    await first.take(7, 1);
    const start = Date.now();
    await first.settle(7, 1, { actual: 1, reported: { available: 30, maximum: 100, restoreRate: 50 } });
    const grants: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? first : second).take(7, 20).then(() => grants.push(Date.now())),
      ),
    );
    grants.sort((left, right) => left - right);
    // Granted no earlier than it was observed: the bound below can only be looser than the truth.
    grants.forEach((at, index) => {
      expect((index + 1) * 20).toBeLessThanOrEqual(30 + ((at - start) / 1000) * 50 + 1);
    });
    // 120 points asked with 30 there: the last waited for at least 90 to come back.
    expect(grants.at(-1)! - start).toBeGreaterThanOrEqual(1500);
  });

  it('gives back what a call did not use, and believes the shop when it reports less', async () => {
    const [budget] = opened.budgets();
    await budget.take(8, 1);
    await budget.settle(8, 1, { actual: 1, reported: { available: 100, maximum: 100, restoreRate: 1 } });
    await budget.take(8, 90);
    // Asked 90, cost 10: 80 come back, so another 90 fits at once (a slow bucket: 1 point a second).
    await budget.settle(8, 90, { actual: 10, reported: null });
    const before = Date.now();
    await budget.take(8, 90);
    expect(Date.now() - before).toBeLessThan(30_000);
    // The shop says 5 are left (a call outside this budget): the next 10 wait for 5 more.
    await budget.settle(8, 90, { actual: 90, reported: { available: 5, maximum: 100, restoreRate: 50 } });
    const waited = Date.now();
    await budget.take(8, 10);
    expect(Date.now() - waited).toBeGreaterThanOrEqual(90);
  });
});
