import { DataTypes, type Model, type ModelStatic } from 'sequelize';
import { AppError } from '../app-error';
import { findPage, parseListQuery, type ListQueryInput, type ListQuerySpec } from '../list-query';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../testing/test-database';

interface OrderRow {
  id: number;
  company_id: number;
  status: number;
  total: number;
  channel_name: string;
  customer: string;
  nominal_code: string;
  paid: boolean;
  created_at: Date;
}

type OrderModel = Model<OrderRow, Partial<OrderRow>> & OrderRow;

const CHANNELS = ['Amazon', 'eBay', '50% Off Shop', 'Bol_com', 'Shopify'] as const;
const SPECIAL_CUSTOMERS: Record<number, string> = {
  1: 'Shopkeeper Ltd',
  2: 'Wow! Traders',
  3: "O'Brien \\ Sons",
};

/** Company 1: ids 1..30, one per day of January 2026 at 10:00 UTC; every column a function of i. */
function companyOneOrder(i: number): OrderRow {
  return {
    id: i,
    company_id: 1,
    status: i % 3,
    total: i * 1.5,
    channel_name: CHANNELS[i % 5]!,
    customer: SPECIAL_CUSTOMERS[i] ?? `Customer ${String(i).padStart(2, '0')}`,
    nominal_code: i <= 3 ? '4000' : '4010',
    paid: i % 2 === 0,
    created_at: new Date(Date.UTC(2026, 0, i, 10, 0, 0)),
  };
}

/** Company 2 looks like company 1 on purpose, so any leak shows up in counts. */
function companyTwoOrder(i: number): OrderRow {
  return {
    id: 100 + i,
    company_id: 2,
    status: 1,
    total: 20,
    channel_name: 'Amazon',
    customer: `Other Company ${i} Shop`,
    nominal_code: '4000',
    paid: true,
    created_at: new Date(Date.UTC(2026, 0, 5, 10, 0, 0)),
  };
}

const ORDER_SPEC: ListQuerySpec<OrderRow> = {
  filters: {
    status: { type: 'number', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in'] },
    total: { type: 'number', operators: ['gte', 'lt', 'lte'] },
    channel: { column: 'channel_name', type: 'string', operators: ['eq', 'ne', 'like', 'in'] },
    customer: { type: 'string', operators: ['eq', 'like'] },
    paid: { type: 'boolean', operators: ['eq'] },
    created_at: { type: 'date', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in'] },
    nominalCode: { column: 'nominal_code', type: 'string', operators: ['eq'] },
  },
  dateRanges: { created_at: {} },
  search: ['customer', 'channel'],
  sort: {
    fields: ['id', 'status', 'total', 'created_at', 'channel', 'channel_name'],
    default: { field: 'created_at', direction: 'desc' },
  },
};

const SCOPE = { company_id: 1 };

function ids(rows: { id: number }[]): number[] {
  return rows.map((row) => row.id);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

function companyOneIds(predicate: (order: OrderRow) => boolean): number[] {
  return range(1, 30)
    .map(companyOneOrder)
    .filter(predicate)
    .map((order) => order.id);
}

/** The `errors` map of the AppError thrown, or a failure when nothing (or something else) is thrown. */
function validationErrors(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    return (error as AppError).errors ?? {};
  }
  throw new Error('expected a validation error');
}

describe.each(TEST_DIALECTS)('list query on %s', (dialect) => {
  let database: TestDatabase;
  let Order: ModelStatic<OrderModel>;
  let Item: ModelStatic<Model>;

  beforeAll(async () => {
    // Tables of its own: the test database already holds the product's (a copy of the migrated template).
    database = await createTestDatabase(dialect, 'list_query');
    const { sequelize } = database;
    Order = sequelize.define<OrderModel>(
      'orders',
      {
        id: { type: DataTypes.INTEGER, primaryKey: true },
        company_id: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.INTEGER, allowNull: false },
        total: { type: DataTypes.DECIMAL(10, 2), allowNull: false },
        channel_name: { type: DataTypes.STRING, allowNull: false },
        customer: { type: DataTypes.STRING, allowNull: false },
        nominal_code: { type: DataTypes.STRING, allowNull: false },
        paid: { type: DataTypes.BOOLEAN, allowNull: false },
        created_at: { type: DataTypes.DATE, allowNull: false },
      },
      { tableName: 'list_query_orders', timestamps: false },
    );
    Item = sequelize.define(
      'items',
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        order_id: { type: DataTypes.INTEGER, allowNull: false },
        sku: { type: DataTypes.STRING, allowNull: false },
      },
      { tableName: 'list_query_items', timestamps: false },
    );
    Order.hasMany(Item, { foreignKey: 'order_id', as: 'items' });
    await sequelize.sync();
    await Order.bulkCreate([...range(1, 30).map(companyOneOrder), ...range(1, 4).map(companyTwoOrder)]);
    // Three items per company-1 order: a join that would triple a naive count.
    await Item.bulkCreate(
      range(1, 30).flatMap((orderId) =>
        [1, 2, 3].map((n) => ({ order_id: orderId, sku: `SKU-${orderId}-${n}` })),
      ),
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function list(query: ListQueryInput, spec: ListQuerySpec<OrderRow> = ORDER_SPEC) {
    return findPage(Order, query, spec, SCOPE, { map: (row) => row.get({ plain: true }) as OrderRow });
  }

  /** Ids of every matching row (one big page), sorted, for set comparisons. */
  async function matching(query: ListQueryInput): Promise<number[]> {
    const page = await list({ per_page: '500', ...query });
    expect(page.meta.total).toBe(page.data.length);
    return ids(page.data).sort((a, b) => a - b);
  }

  describe('filters', () => {
    it('applies each comparison operator to a number field', async () => {
      expect(await matching({ 'status[eq]': '1' })).toEqual(companyOneIds((o) => o.status === 1));
      expect(await matching({ 'status[ne]': '1' })).toEqual(companyOneIds((o) => o.status !== 1));
      expect(await matching({ 'status[gt]': '1' })).toEqual(companyOneIds((o) => o.status > 1));
      expect(await matching({ 'status[gte]': '1' })).toEqual(companyOneIds((o) => o.status >= 1));
      expect(await matching({ 'status[lt]': '1' })).toEqual(companyOneIds((o) => o.status < 1));
      expect(await matching({ 'status[lte]': '1' })).toEqual(companyOneIds((o) => o.status <= 1));
    });

    it('combines several operators on one field into a range (decimal column)', async () => {
      expect(await matching({ 'total[gte]': '30', 'total[lt]': '40.5' })).toEqual(range(20, 26));
      expect(await matching({ 'total[lte]': '3.00' })).toEqual([1, 2]);
    });

    it('takes a comma list for in, and repeated in parameters', async () => {
      expect(await matching({ 'status[in]': '0, 2' })).toEqual(companyOneIds((o) => o.status !== 1));
      expect(await matching({ 'status[in]': ['0', '2'] })).toEqual(companyOneIds((o) => o.status !== 1));
      expect(await matching({ 'channel[in]': 'ebay,BOL_COM' })).toEqual(
        companyOneIds((o) => o.channel_name === 'eBay' || o.channel_name === 'Bol_com'),
      );
    });

    it('compares strings case-insensitively on both dialects', async () => {
      expect(await matching({ 'channel[eq]': 'EBAY' })).toEqual(
        companyOneIds((o) => o.channel_name === 'eBay'),
      );
      expect(await matching({ 'channel[ne]': 'ebay' })).toEqual(
        companyOneIds((o) => o.channel_name !== 'eBay'),
      );
      expect(await matching({ 'customer[like]': 'CUSTOMER 0' })).toEqual(range(4, 9));
    });

    it('treats like as contains, with %, _ and the escape character matched literally', async () => {
      expect(await matching({ 'channel[like]': '%' })).toEqual(
        companyOneIds((o) => o.channel_name === '50% Off Shop'),
      );
      expect(await matching({ 'channel[like]': '0% o' })).toEqual(
        companyOneIds((o) => o.channel_name === '50% Off Shop'),
      );
      expect(await matching({ 'channel[like]': '_' })).toEqual(
        companyOneIds((o) => o.channel_name === 'Bol_com'),
      );
      expect(await matching({ 'customer[like]': 'w!' })).toEqual([2]);
      expect(await matching({ 'customer[like]': '!%' })).toEqual([]);
      expect(await matching({ 'customer[like]': "'brien \\" })).toEqual([3]);
    });

    it('parses booleans as true/false/1/0', async () => {
      const paid = companyOneIds((o) => o.paid);
      const unpaid = companyOneIds((o) => !o.paid);
      expect(await matching({ 'paid[eq]': 'true' })).toEqual(paid);
      expect(await matching({ 'paid[eq]': '1' })).toEqual(paid);
      expect(await matching({ 'paid[eq]': 'FALSE' })).toEqual(unpaid);
      expect(await matching({ 'paid[eq]': '0' })).toEqual(unpaid);
    });

    it('reads a date as a whole UTC day and a date-time as one second', async () => {
      expect(await matching({ 'created_at[eq]': '2026-01-05' })).toEqual([5]);
      expect(await matching({ 'created_at[eq]': '2026-01-05 10:00:00' })).toEqual([5]);
      expect(await matching({ 'created_at[eq]': '2026-01-05 09:59:59' })).toEqual([]);
      expect(await matching({ 'created_at[gte]': '2026-01-10' })).toEqual(range(10, 30));
      expect(await matching({ 'created_at[gt]': '2026-01-10' })).toEqual(range(11, 30));
      expect(await matching({ 'created_at[lte]': '2026-01-10' })).toEqual(range(1, 10));
      expect(await matching({ 'created_at[lt]': '2026-01-05 10:00:00' })).toEqual(range(1, 4));
      expect(await matching({ 'created_at[lte]': '2026-01-05 10:00:00' })).toEqual(range(1, 5));
      expect(await matching({ 'created_at[ne]': '2026-01-05' })).toEqual(
        range(1, 30).filter((id) => id !== 5),
      );
      expect(await matching({ 'created_at[in]': '2026-01-02,2026-01-04 10:00:00' })).toEqual([2, 4]);
    });

    it('drops empty values instead of rejecting them', async () => {
      expect(
        await matching({
          'status[eq]': '',
          'status[in]': ' , ',
          search: '',
          sort_by: '',
          page: '',
          per_page: '500',
        }),
      ).toEqual(range(1, 30));
      expect(await matching({ filterBy: 'secret', filter: '' })).toEqual(range(1, 30));
    });

    it('ignores parameters outside the convention', async () => {
      expect(await matching({ _: '1700000000', include: 'everything' })).toEqual(range(1, 30));
    });
  });

  describe('date ranges', () => {
    it('applies an inclusive range when both ends are valid date-times', async () => {
      expect(
        await matching({
          'created_at[startDate]': '2026-01-05 10:00:00',
          'created_at[endDate]': '2026-01-07 10:00:00',
        }),
      ).toEqual([5, 6, 7]);
    });

    it.each([
      ['one end missing', { 'created_at[startDate]': '2026-01-05 10:00:00' }],
      ['an empty end', { 'created_at[startDate]': '2026-01-05 10:00:00', 'created_at[endDate]': '' }],
      [
        'an impossible date',
        { 'created_at[startDate]': '2026-01-05 10:00:00', 'created_at[endDate]': '2026-02-30 10:00:00' },
      ],
      ['a date without time', { 'created_at[startDate]': '2026-01-05', 'created_at[endDate]': '2026-01-07' }],
    ])('is ignored with %s', async (_label, query) => {
      expect(await matching(query)).toEqual(range(1, 30));
    });
  });

  describe('search', () => {
    it('ORs the search fields, case-insensitively', async () => {
      const shops = companyOneIds((o) => /shop/i.test(o.channel_name) || /shop/i.test(o.customer));
      expect(shops).toHaveLength(13);
      expect(await matching({ search: 'SHOP' })).toEqual(shops);
    });

    it('narrows to one field with searchBy', async () => {
      expect(await matching({ search: 'shop', searchBy: 'customer' })).toEqual([1]);
      expect(await matching({ search: 'shop', searchBy: 'channel' })).toEqual(
        companyOneIds((o) => /shop/i.test(o.channel_name)),
      );
    });

    it('matches wildcards and quotes literally', async () => {
      expect(await matching({ search: '%' })).toEqual(
        companyOneIds((o) => o.channel_name === '50% Off Shop'),
      );
      expect(await matching({ search: "' OR '1'='1" })).toEqual([]);
      expect(await matching({ search: "o'b" })).toEqual([3]);
    });
  });

  describe('filterBy, filter and nominalCode', () => {
    it('filters one field for equality', async () => {
      expect(await matching({ filterBy: 'channel', filter: 'eBay' })).toEqual(
        companyOneIds((o) => o.channel_name === 'eBay'),
      );
      expect(await matching({ filterBy: 'status', filter: '2' })).toEqual(
        companyOneIds((o) => o.status === 2),
      );
    });

    it('treats nominalCode as an eq filter when the endpoint declares it', async () => {
      expect(await matching({ nominalCode: '4000' })).toEqual([1, 2, 3]);
    });
  });

  describe('sorting', () => {
    it('sorts by the default field and direction', async () => {
      const page = await list({});
      expect(ids(page.data).slice(0, 3)).toEqual([30, 29, 28]);
    });

    it('breaks ties on the primary key in the sort direction', async () => {
      const ascending = await list({ sort_by: 'status', sort_direction: 'asc', per_page: '30' });
      expect(ids(ascending.data)).toEqual([
        ...companyOneIds((o) => o.status === 0),
        ...companyOneIds((o) => o.status === 1),
        ...companyOneIds((o) => o.status === 2),
      ]);
      const descending = await list({ sort_by: 'status', sort_direction: 'desc', per_page: '30' });
      expect(ids(descending.data)).toEqual([...ids(ascending.data)].reverse());
    });

    it.each(['channel', 'channel_name'])(
      'sorts text case-insensitively on both dialects (%s)',
      async (field) => {
        // `channel` is a declared string filter; `channel_name` is only a STRING attribute of the model.
        const page = await list({ sort_by: field, sort_direction: 'asc', per_page: '30' });
        const channels = page.data.map((row) => row.channel_name);
        expect([...new Set(channels)]).toEqual(['50% Off Shop', 'Amazon', 'Bol_com', 'eBay', 'Shopify']);
      },
    );

    it('sorts a decimal column numerically', async () => {
      const page = await list({ sort_by: 'total', sort_direction: 'desc', per_page: '3' });
      expect(page.data.map((row) => Number(row.total))).toEqual([45, 43.5, 42]);
    });

    it('fails loudly when a spec names a column the model lacks', async () => {
      const typo: ListQuerySpec<OrderRow> = { ...ORDER_SPEC, search: ['customr'] };
      await expect(list({ search: 'x' }, typo)).rejects.toThrow(
        'List spec names "customr", which is not an attribute of orders.',
      );
    });
  });

  describe('paging', () => {
    it('pages with the total of all matching rows', async () => {
      const first = await list({ sort_by: 'id', sort_direction: 'asc', per_page: '7' });
      expect(ids(first.data)).toEqual(range(1, 7));
      expect(first.meta.total).toBe(30);
      const last = await list({ sort_by: 'id', sort_direction: 'asc', per_page: '7', page: '5' });
      expect(ids(last.data)).toEqual([29, 30]);
      expect(last.meta.total).toBe(30);
      const beyond = await list({ per_page: '7', page: '6' });
      expect(beyond).toEqual({ data: [], meta: { total: 30 } });
    });

    it('defaults to 25 rows, and uses the endpoint page size when declared', async () => {
      expect((await list({})).data).toHaveLength(25);
      const small = { ...ORDER_SPEC, perPage: { default: 10, max: 20 } };
      expect((await list({}, small)).data).toHaveLength(10);
      expect((await list({ per_page: '20' }, small)).data).toHaveLength(20);
      expect(validationErrors(() => parseListQuery({ per_page: '21' }, small))).toEqual({
        per_page: ['The per_page must be a whole number between 1 and 20.'],
      });
    });

    it('counts orders, not joined rows, with a hasMany include', async () => {
      const page = await findPage(Order, { per_page: '4', 'status[eq]': '1' }, ORDER_SPEC, SCOPE, {
        include: [{ model: Item, as: 'items' }],
        map: (row) => ({ id: row.id, items: (row.get('items') as Model[]).length }),
      });
      expect(page.meta.total).toBe(10);
      expect(page.data).toHaveLength(4);
      expect(page.data.every((row) => row.items === 3)).toBe(true);
    });
  });

  describe('tenant scope', () => {
    it('rejects a filter on a field that is not whitelisted', () => {
      expect(validationErrors(() => parseListQuery({ 'company_id[eq]': '2' }, ORDER_SPEC))).toEqual({
        'company_id[eq]': ['The company_id field can not be filtered.'],
      });
    });

    it('never returns another company when the field is whitelisted', async () => {
      const open: ListQuerySpec<OrderRow> = {
        ...ORDER_SPEC,
        filters: { ...ORDER_SPEC.filters, company_id: { type: 'number', operators: ['eq', 'ne', 'in'] } },
      };
      expect((await list({ 'company_id[eq]': '2' }, open)).meta.total).toBe(0);
      expect((await list({ 'company_id[in]': '1,2' }, open)).meta.total).toBe(30);
      expect((await list({ 'company_id[ne]': '1' }, open)).meta.total).toBe(0);
      expect((await list({ filterBy: 'company_id', filter: '2' }, open)).meta.total).toBe(0);
      expect((await list({ search: 'Other Company' })).meta.total).toBe(0);
      expect((await list({ 'customer[eq]': "x' OR '1'='1" })).meta.total).toBe(0);
    });
  });
});

describe('parseListQuery validation', () => {
  it.each<[string, ListQueryInput, Record<string, string[]>]>([
    ['an unknown field', { 'secret[eq]': '1' }, { 'secret[eq]': ['The secret field can not be filtered.'] }],
    [
      'a prototype name as a field',
      { 'constructor[eq]': '1' },
      { 'constructor[eq]': ['The constructor field can not be filtered.'] },
    ],
    [
      'an unknown operator',
      { 'status[foo]': '1' },
      { 'status[foo]': ['The foo operator is not supported.'] },
    ],
    [
      'an operator the field does not accept',
      { 'status[like]': '1' },
      { 'status[like]': ['The status field can not be filtered with like.'] },
    ],
    [
      'a malformed filter key',
      { 'status[eq': '1' },
      { 'status[eq': ['The status[eq parameter is not a valid filter; use name[operator]=value.'] },
    ],
    ['a nested filter key', { 'status[eq][x]': '1' }, expect.any(Object) as Record<string, string[]>],
    [
      'a non-numeric number',
      { 'status[eq]': 'abc' },
      { 'status[eq]': ['The status field must be a number.'] },
    ],
    ['a number with junk', { 'total[gte]': '1e3' }, { 'total[gte]': ['The total field must be a number.'] }],
    [
      'a bad value inside in',
      { 'status[in]': '1,x' },
      { 'status[in]': ['The status field must be a number.'] },
    ],
    ['a bad boolean', { 'paid[eq]': 'yes' }, { 'paid[eq]': ['The paid field must be true, false, 1 or 0.'] }],
    [
      'an impossible date',
      { 'created_at[gte]': '2026-02-30' },
      { 'created_at[gte]': ['The created_at field must be a date as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss.'] },
    ],
    [
      'a date range on a field without one',
      { 'status[startDate]': '2026-01-01 00:00:00', 'status[endDate]': '2026-01-02 00:00:00' },
      {
        'status[startDate]': ['The status field has no date range.'],
        'status[endDate]': ['The status field has no date range.'],
      },
    ],
    [
      'an unknown searchBy',
      { search: 'x', searchBy: 'status' },
      { searchBy: ['The searchBy must be one of: customer, channel.'] },
    ],
    [
      'a filterBy that is not whitelisted',
      { filterBy: 'company_id', filter: '2' },
      { filterBy: ['The company_id field can not be filtered.'] },
    ],
    [
      'filter without filterBy',
      { filter: '2' },
      { filterBy: ['The filterBy field is required when filter is present.'] },
    ],
    [
      'a filter value of the wrong type',
      { filterBy: 'status', filter: 'x' },
      { filter: ['The status field must be a number.'] },
    ],
    [
      'an unknown sort field',
      { sort_by: 'customer' },
      { sort_by: ['The sort_by must be one of: id, status, total, created_at, channel, channel_name.'] },
    ],
    [
      'an unknown sort direction',
      { sort_direction: 'up' },
      { sort_direction: ['The sort_direction must be asc or desc.'] },
    ],
    ['page 0', { page: '0' }, { page: ['The page must be a whole number of at least 1.'] }],
    ['a fractional page', { page: '1.5' }, { page: ['The page must be a whole number of at least 1.'] }],
    ['a non-numeric page', { page: 'two' }, { page: ['The page must be a whole number of at least 1.'] }],
    [
      'per_page 0',
      { per_page: '0' },
      { per_page: ['The per_page must be a whole number between 1 and 500.'] },
    ],
    [
      'per_page over the max',
      { per_page: '501' },
      { per_page: ['The per_page must be a whole number between 1 and 500.'] },
    ],
    ['a repeated parameter', { page: ['1', '2'] }, { page: ['The page parameter may only be given once.'] }],
    [
      'a repeated filter',
      { 'status[eq]': ['1', '2'] },
      { 'status[eq]': ['The status[eq] parameter may only be given once.'] },
    ],
  ])('answers 422 for %s', (_label, query, expected) => {
    expect(validationErrors(() => parseListQuery(query, ORDER_SPEC))).toEqual(expected);
  });

  it('reports every problem at once', () => {
    expect(
      Object.keys(
        validationErrors(() => parseListQuery({ 'secret[eq]': '1', sort_by: 'x', page: '0' }, ORDER_SPEC)),
      ),
    ).toEqual(['secret[eq]', 'sort_by', 'page']);
  });

  it('rejects nominalCode and search where the endpoint does not declare them', () => {
    const bare: ListQuerySpec = {
      filters: {},
      sort: { fields: ['id'], default: { field: 'id', direction: 'asc' } },
    };
    expect(validationErrors(() => parseListQuery({ nominalCode: '4000', search: 'x' }, bare))).toEqual({
      nominalCode: ['The nominalCode field can not be filtered.'],
      search: ['The search parameter is not supported here.'],
    });
  });

  it('returns the parsed shape', () => {
    expect(
      parseListQuery(
        {
          'status[in]': '1,2',
          'created_at[startDate]': '2026-01-01 00:00:00',
          'created_at[endDate]': '2026-01-31 23:59:59',
          search: ' shop ',
          sort_by: 'total',
          page: '2',
          per_page: '10',
        },
        ORDER_SPEC,
      ),
    ).toEqual({
      filters: [{ field: 'status', operator: 'in', value: [1, 2] }],
      dateRanges: [
        {
          field: 'created_at',
          startDate: new Date('2026-01-01T00:00:00Z'),
          endDate: new Date('2026-01-31T23:59:59Z'),
        },
      ],
      search: { term: 'shop', fields: ['customer', 'channel'] },
      sort: { field: 'total', direction: 'desc' },
      page: 2,
      perPage: 10,
    });
  });
});
