import type { Redis } from 'ioredis';
import { QueryTypes, type Sequelize } from 'sequelize';
import {
  MAX_POINTS_SLEEP_MS,
  msUntil,
  UNKNOWN_BUCKET,
  type PointsAnswer,
  type PointsBudget,
} from './points-budget';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Spreads the retries of workers that woke for the same refill. */
const JITTER_MS = 20;
/** A bucket nobody used for a day is forgotten (Redis); the next answer tells it again. */
const REDIS_TTL_MS = 24 * 60 * 60 * 1000;

/** The bucket's content now, in SQL: refilled since `at_ms`, never above `maximum`. */
const REFILLED = `(CASE WHEN available + (CASE WHEN :now > at_ms THEN :now - at_ms ELSE 0 END) * restore_rate / 1000 > maximum
  THEN maximum ELSE available + (CASE WHEN :now > at_ms THEN :now - at_ms ELSE 0 END) * restore_rate / 1000 END)`;

/** Takes `cost` when the bucket holds it (one statement, so two workers never both take the last points). */
const TAKE_SQL = `UPDATE rate_point_buckets SET available = ${REFILLED} - :cost, at_ms = :now
  WHERE bucket = :bucket AND ${REFILLED} >= (CASE WHEN :cost > maximum THEN maximum ELSE :cost END)`;

/** `available` is assigned first: MySQL lets later assignments of one UPDATE see earlier ones. */
const SETTLE_SQL = `UPDATE rate_point_buckets SET
  available = (CASE WHEN ${REFILLED} + :refund > :maximum THEN :maximum ELSE ${REFILLED} + :refund END),
  maximum = :maximum, restore_rate = :rate, at_ms = :now
  WHERE bucket = :bucket`;
const LOWER_SQL = `UPDATE rate_point_buckets SET available = :reported WHERE bucket = :bucket AND available > :reported`;

const TAKE_LUA = `
local s = redis.call('HMGET', KEYS[1], 'available', 'maximum', 'rate', 'at')
local now = tonumber(ARGV[1]); local cost = tonumber(ARGV[2])
local maximum = tonumber(s[2]) or tonumber(ARGV[3]); local rate = tonumber(s[3]) or tonumber(ARGV[4])
local available = tonumber(s[1]) or maximum; local at = tonumber(s[4]) or now
local current = math.min(maximum, available + math.max(0, now - at) * rate / 1000)
local need = math.min(cost, maximum)
if current >= need then
  redis.call('HSET', KEYS[1], 'available', tostring(current - cost), 'maximum', tostring(maximum), 'rate', tostring(rate), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 0
end
return math.ceil((need - current) / rate * 1000)`;

const SETTLE_LUA = `
local s = redis.call('HMGET', KEYS[1], 'available', 'maximum', 'rate', 'at')
local now = tonumber(ARGV[1]); local refund = tonumber(ARGV[2])
local maximum = tonumber(ARGV[3]); local rate = tonumber(ARGV[4]); local reported = tonumber(ARGV[5])
local oldMax = tonumber(s[2]) or maximum; local oldRate = tonumber(s[3]) or rate
local available = tonumber(s[1]) or oldMax; local at = tonumber(s[4]) or now
local current = math.min(oldMax, available + math.max(0, now - at) * oldRate / 1000)
local value = math.min(maximum, current + refund)
if reported ~= nil and reported >= 0 and reported < value then value = reported end
redis.call('HSET', KEYS[1], 'available', tostring(value), 'maximum', tostring(maximum), 'rate', tostring(rate), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 0`;

/**
 * Points buckets every worker shares, in the SQL database (table `rate_point_buckets`, migration
 * 0056) or Redis: a take is one conditional UPDATE (or one Lua script), so any number of workers
 * together never take more than the bucket held as last seen.
 */
export function sharedPointsBudget(
  store: { kind: 'sql'; sequelize: Sequelize } | { kind: 'redis'; redis: Redis },
  keyPrefix = 'points',
): PointsBudget {
  const keyOf = (connectionId: number) => `${keyPrefix}:${connectionId}`;

  if (store.kind === 'redis') {
    const { redis } = store;
    return {
      async take(connectionId, cost) {
        for (;;) {
          const wait = Number(
            await redis.eval(
              TAKE_LUA,
              1,
              keyOf(connectionId),
              Date.now(),
              cost,
              UNKNOWN_BUCKET.maximum,
              UNKNOWN_BUCKET.restoreRate,
              REDIS_TTL_MS,
            ),
          );
          if (wait <= 0) return;
          await sleep(Math.min(wait, MAX_POINTS_SLEEP_MS) + Math.random() * JITTER_MS);
        }
      },
      async settle(connectionId, reserved, answer: PointsAnswer) {
        const reported = answer.reported;
        await redis.eval(
          SETTLE_LUA,
          1,
          keyOf(connectionId),
          Date.now(),
          Math.max(0, reserved - (answer.actual ?? 0)),
          reported?.maximum ?? UNKNOWN_BUCKET.maximum,
          reported?.restoreRate ?? UNKNOWN_BUCKET.restoreRate,
          reported ? reported.available : -1,
          REDIS_TTL_MS,
        );
      },
    };
  }

  const { sequelize } = store;
  async function ensure(bucket: string, now: number): Promise<void> {
    const rows = await sequelize.query('SELECT bucket FROM rate_point_buckets WHERE bucket = :bucket', {
      replacements: { bucket },
      type: QueryTypes.SELECT,
    });
    if (rows.length > 0) return;
    try {
      await sequelize.query(
        'INSERT INTO rate_point_buckets (bucket, available, maximum, restore_rate, at_ms) VALUES (:bucket, :maximum, :maximum, :rate, :now)',
        {
          replacements: { bucket, maximum: UNKNOWN_BUCKET.maximum, rate: UNKNOWN_BUCKET.restoreRate, now },
        },
      );
    } catch {
      // Another worker created it between our read and our insert: theirs is as good.
    }
  }
  const affected = (result: unknown): number => {
    // Sequelize answers [result, affected rows] for an UPDATE on MySQL, and the SQLite statement on SQLite.
    const second = Array.isArray(result) ? result[1] : undefined;
    if (typeof second === 'number') return second;
    const changes = (second as { changes?: number } | undefined)?.changes;
    return typeof changes === 'number' ? changes : 0;
  };
  const state = async (bucket: string) => {
    const [row] = await sequelize.query<{
      available: number;
      maximum: number;
      restore_rate: number;
      at_ms: number | string;
    }>('SELECT available, maximum, restore_rate, at_ms FROM rate_point_buckets WHERE bucket = :bucket', {
      replacements: { bucket },
      type: QueryTypes.SELECT,
    });
    return row
      ? {
          available: Number(row.available),
          maximum: Number(row.maximum),
          restoreRate: Number(row.restore_rate),
          atMs: Number(row.at_ms),
        }
      : null;
  };
  return {
    async take(connectionId, cost) {
      const bucket = keyOf(connectionId);
      await ensure(bucket, Date.now());
      for (;;) {
        const now = Date.now();
        const result = await sequelize.query(TAKE_SQL, {
          replacements: { bucket, now, cost },
          type: QueryTypes.UPDATE,
        });
        if (affected(result) > 0) return;
        const current = await state(bucket);
        const wait = current ? msUntil(current, cost, Date.now()) : 0;
        await sleep(Math.min(Math.max(wait, 5), MAX_POINTS_SLEEP_MS) + Math.random() * JITTER_MS);
      }
    },
    async settle(connectionId, reserved, answer) {
      const bucket = keyOf(connectionId);
      const current = await state(bucket);
      const reported = answer.reported;
      await sequelize.query(SETTLE_SQL, {
        replacements: {
          bucket,
          now: Date.now(),
          refund: Math.max(0, reserved - (answer.actual ?? 0)),
          maximum: reported?.maximum ?? current?.maximum ?? UNKNOWN_BUCKET.maximum,
          rate: reported?.restoreRate ?? current?.restoreRate ?? UNKNOWN_BUCKET.restoreRate,
        },
        type: QueryTypes.UPDATE,
      });
      if (reported) {
        await sequelize.query(LOWER_SQL, {
          replacements: { bucket, reported: reported.available },
          type: QueryTypes.UPDATE,
        });
      }
    },
  };
}
