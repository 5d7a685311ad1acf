import { QueryTypes } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { sqlDialectOf, valuesList } from '../sql-statements';

/** Texts a seller's data may hold: every one must come back from the database exactly as written. */
const AWKWARD = [
  'plain',
  'O\'Brien\'s "quoted" shop',
  'back\\slash \\" and \\\' and \\\\',
  'lines\nand\r\ntabs\there',
  'nul\0byte and \x1a ctrl-z and \b backspace',
  JSON.stringify({ tags: ['a "b"', "c'd", 'e\\f'], note: 'Rule “EU” (version 1) added the tag EU.' }),
  'emoji 🚚 and ünïcödé',
  '',
];

describe.each(['sqlite', 'mysql'] as const)('SQL literals (%s)', (dialectName) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialectName, 'sql_literals');
    await database.sequelize.query('CREATE TABLE texts (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('writes every text so that it reads back unchanged', async () => {
    const dialect = sqlDialectOf(database.sequelize);
    await database.sequelize.query(
      `INSERT INTO texts (id, body) VALUES ${valuesList(
        dialect,
        AWKWARD.map((text, index) => [index + 1, text]),
      )}`,
    );
    const rows = await database.sequelize.query<{ id: number; body: string }>(
      'SELECT id, body FROM texts ORDER BY id',
      { type: QueryTypes.SELECT },
    );
    expect(rows.map((row) => row.body)).toEqual(AWKWARD);
  });
});
