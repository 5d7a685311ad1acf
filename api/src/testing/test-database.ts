import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { Sequelize } from 'sequelize';
import { createSequelize, type DatabaseDialect } from '../db/create-sequelize';
import { migrate } from '../db/migrate';

/** Server used by MySQL tests; MariaDB on these machines. A fresh database is made per call. */
export const TEST_MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';

export interface TestDatabase {
  dialect: DatabaseDialect;
  /** A DATABASE_URL that reaches this database (for a second process or a second connection). */
  url: string;
  sequelize: Sequelize;
  /** Closes the connection and removes the database or file. */
  drop(): Promise<void>;
}

export const TEST_DIALECTS: DatabaseDialect[] = ['sqlite', 'mysql'];

const MIGRATIONS_DIR = path.join(__dirname, '../db/migrations');

/**
 * The migrations' fingerprint: a template made by other migrations is never used. Content, not
 * names, so an edited migration (while one is being written) makes a new template.
 */
function migrationsFingerprint(): string {
  const hash = createHash('sha1');
  for (const name of fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => /\.(ts|js)$/.test(file))
    .sort()) {
    hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 12);
}

let fingerprint: string | undefined;
const templateFingerprint = () => (fingerprint ??= migrationsFingerprint());

/**
 * Every test database starts at the newest schema, copied from a template that the migrations
 * built once (per machine and migration set): running all of them for each of the suite's few
 * hundred databases took minutes of the test budget (≈ 0.5 s on SQLite, 1.5 s on MariaDB each);
 * a copy takes a few milliseconds (SQLite) or ≈ 0.15 s (MariaDB). The migrations still run from
 * scratch in every run that changed them, and `migrate()` on a copy finds nothing to do.
 */
async function sqliteTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), 'syncdesk-test-templates');
  const file = path.join(dir, `schema-${templateFingerprint()}.sqlite`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  // Built beside and renamed into place: two workers building at once both end with a whole file.
  const building = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
  const sequelize = await createSequelize({ url: `sqlite:${building}`, dataDir: dir });
  try {
    await migrate(sequelize);
    await sequelize.query('PRAGMA wal_checkpoint(TRUNCATE);');
  } finally {
    await sequelize.close();
  }
  fs.renameSync(building, file);
  for (const leftover of [`${building}-wal`, `${building}-shm`]) fs.rmSync(leftover, { force: true });
  return file;
}

type MysqlAdmin = mysql.Connection;

function mysqlAdmin(options: { multipleStatements?: boolean } = {}): Promise<MysqlAdmin> {
  const server = new URL(TEST_MYSQL_URL);
  return mysql.createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username || 'root'),
    password: decodeURIComponent(server.password),
    multipleStatements: options.multipleStatements ?? false,
  });
}

/** What makes a copy of the MySQL template: its tables (with their rows) and triggers. */
interface MysqlSchemaCopy {
  template: string;
  tables: string[];
  createTables: string[];
  createTriggers: string[];
}

let mysqlCopy: Promise<MysqlSchemaCopy> | undefined;

async function buildMysqlTemplate(): Promise<MysqlSchemaCopy> {
  const template = `syncdesk_template_${templateFingerprint()}`;
  const migrations = fs.readdirSync(MIGRATIONS_DIR).filter((file) => /\.(ts|js)$/.test(file)).length;
  const admin = await mysqlAdmin();
  try {
    // One builder per machine at a time; the others wait and then find it built.
    const [locked] = await admin.query<mysql.RowDataPacket[]>('SELECT GET_LOCK(?, 120) AS locked', [
      template,
    ]);
    if (Number(locked[0]!.locked) !== 1)
      throw new Error(`Another process held ${template}'s build for 2 minutes`);
    const [applied] = await admin
      .query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${template}\`.schema_migrations`)
      .catch(() => [[{ n: -1 }]] as unknown as [mysql.RowDataPacket[]]);
    if (Number(applied[0]!.n) !== migrations) {
      // Absent, or left half-built by a run that was killed: built again from nothing.
      await admin.query(`DROP DATABASE IF EXISTS \`${template}\``);
      await admin.query(`CREATE DATABASE \`${template}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      const url = new URL(
        template,
        TEST_MYSQL_URL.endsWith('/') ? TEST_MYSQL_URL : `${TEST_MYSQL_URL}/`,
      ).toString();
      const sequelize = await createSequelize({ url, dataDir: os.tmpdir() });
      try {
        await migrate(sequelize);
      } finally {
        await sequelize.close();
      }
    }
    await admin.query('SELECT RELEASE_LOCK(?)', [template]);
    const [tables] = await admin.query<mysql.RowDataPacket[]>(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'",
      [template],
    );
    const names = tables.map((row) => String(row.name));
    const createTables: string[] = [];
    for (const name of names) {
      const [rows] = await admin.query<mysql.RowDataPacket[]>(
        `SHOW CREATE TABLE \`${template}\`.\`${name}\``,
      );
      createTables.push(String(rows[0]!['Create Table']));
    }
    const [triggers] = await admin.query<mysql.RowDataPacket[]>(
      'SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?',
      [template],
    );
    const createTriggers: string[] = [];
    for (const trigger of triggers) {
      const [rows] = await admin.query<mysql.RowDataPacket[]>(
        `SHOW CREATE TRIGGER \`${template}\`.\`${String(trigger.name)}\``,
      );
      createTriggers.push(String(rows[0]!['SQL Original Statement']));
    }
    return { template, tables: names, createTables, createTriggers };
  } finally {
    await admin.end();
  }
}

/** Fills a new, empty MySQL database with the template's schema and rows. */
async function copyMysqlTemplate(admin: MysqlAdmin, name: string): Promise<void> {
  mysqlCopy ??= buildMysqlTemplate();
  const copy = await mysqlCopy.catch((error: unknown) => {
    mysqlCopy = undefined;
    throw error;
  });
  await admin.query(`USE \`${name}\``);
  await admin.query(
    `SET FOREIGN_KEY_CHECKS = 0;\n${copy.createTables.join(';\n')};\nSET FOREIGN_KEY_CHECKS = 1`,
  );
  for (const trigger of copy.createTriggers) await admin.query(trigger);
  await admin.query(
    copy.tables
      .map((table) => `INSERT INTO \`${name}\`.\`${table}\` SELECT * FROM \`${copy.template}\`.\`${table}\``)
      .join(';\n'),
  );
}

/**
 * A throw-away database of the given dialect, at the newest schema: its own MySQL schema, or its
 * own SQLite file.
 */
export async function createTestDatabase(dialect: DatabaseDialect, prefix = 'test'): Promise<TestDatabase> {
  const suffix = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`.replace(/[^a-z0-9_]/gi, '_');
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncdesk-'));
    const file = path.join(dir, `${suffix}.sqlite`);
    fs.copyFileSync(await sqliteTemplate(), file);
    const url = `sqlite:${file}`;
    const sequelize = await createSequelize({ url, dataDir: dir });
    return {
      dialect,
      url,
      sequelize,
      async drop() {
        await sequelize.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `syncdesk_${suffix}`.slice(0, 64);
  const admin = await mysqlAdmin({ multipleStatements: true });
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await copyMysqlTemplate(admin, name);
  } finally {
    await admin.end();
  }
  const url = new URL(name, TEST_MYSQL_URL.endsWith('/') ? TEST_MYSQL_URL : `${TEST_MYSQL_URL}/`).toString();
  const sequelize = await createSequelize({ url, dataDir: os.tmpdir() });
  return {
    dialect,
    url,
    sequelize,
    async drop() {
      await sequelize.query(`DROP DATABASE IF EXISTS \`${name}\``).catch(() => undefined);
      await sequelize.close();
    },
  };
}
