import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { Sequelize } from 'sequelize';
import { createSequelize, type DatabaseDialect } from '../db/create-sequelize';

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

/** A throw-away database of the given dialect: its own MySQL schema, or its own SQLite file. */
export async function createTestDatabase(dialect: DatabaseDialect, prefix = 'test'): Promise<TestDatabase> {
  const suffix = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`.replace(/[^a-z0-9_]/gi, '_');
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncdesk-'));
    const url = `sqlite:${path.join(dir, `${suffix}.sqlite`)}`;
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
  const server = new URL(TEST_MYSQL_URL);
  const name = `syncdesk_${suffix}`.slice(0, 64);
  const admin = await mysql.createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username || 'root'),
    password: decodeURIComponent(server.password),
  });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
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
