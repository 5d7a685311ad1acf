import {
  Op,
  Sequelize,
  type Attributes,
  type FindAttributeOptions,
  type Includeable,
  type Model,
  type ModelStatic,
  type Order,
  type Transaction,
  type WhereAttributeHashValue,
  type WhereOptions,
} from 'sequelize';
import {
  DEFAULT_PER_PAGE,
  LIST_OPERATORS,
  MAX_PER_PAGE,
  SORT_DIRECTIONS,
  isListDateTime,
  type ListOperator,
  type ListResponse,
  type SortDirection,
} from '@syncdesk/contracts';
import { AppError, type FieldErrors } from './app-error';

/**
 * The spec's list-query convention (§7), parsed once against a per-endpoint whitelist:
 *   name[operator]=value, name[startDate]/name[endDate], nominalCode, search, searchBy,
 *   filterBy + filter, sort_by, sort_direction, page, per_page  →  `{ data, meta: { total } }`.
 *
 * Field names are what the browser sends; columns are model attributes (or `$include.attribute$`
 * for a column of an included model). Only names found in the spec object ever reach SQL as
 * identifiers, and every value goes through Sequelize's escaping, so a query string cannot inject.
 */

/** A model attribute, or `$alias.attribute$` to reach a column of an included model. */
export type ListColumn<ModelAttributes> = Extract<keyof ModelAttributes, string> | `$${string}.${string}$`;

export type ListFilterType = 'string' | 'number' | 'boolean' | 'date';

export interface ListFilterSpec<ModelAttributes> {
  /** The column filtered; the field name itself when absent. */
  column?: ListColumn<ModelAttributes>;
  /** How a raw string value is parsed (`date` is for DATE/DATETIME columns, read as UTC). */
  type: ListFilterType;
  operators: readonly ListOperator[];
}

export interface ListQuerySpec<ModelAttributes = Record<string, unknown>> {
  /** Fields that may be filtered, with the operators each accepts and how a raw string value is parsed. */
  filters: { [field: string]: ListFilterSpec<ModelAttributes> };
  /** Fields accepting name[startDate]/name[endDate]. */
  dateRanges?: { [field: string]: { column?: ListColumn<ModelAttributes> } };
  /**
   * Fields searched by `search` (LIKE %term%, OR-ed); `searchBy` narrows to one of them. Search and
   * sort fields use the column declared for the same field in `filters`/`dateRanges`, else their own name.
   */
  search?: readonly string[];
  /** Sortable fields; default sort. */
  sort: { fields: readonly string[]; default: { field: string; direction: SortDirection } };
  /** Page size default/max (defaults from contracts). */
  perPage?: { default: number; max: number };
}

/** A date value covers an interval: a whole day for `YYYY-MM-DD`, one second for a date-time. */
export interface ListDateInterval {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

export type ListFilterScalar = string | number | boolean | ListDateInterval;

export interface ParsedListFilter {
  field: string;
  operator: ListOperator;
  /** An array for `in`; the raw text for `like` whatever the field's type. */
  value: ListFilterScalar | ListFilterScalar[];
}

export interface ParsedListDateRange {
  field: string;
  /** Both ends inclusive, to the second. */
  startDate: Date;
  endDate: Date;
}

export interface ParsedListQuery {
  filters: ParsedListFilter[];
  dateRanges: ParsedListDateRange[];
  search: { term: string; fields: string[] } | null;
  sort: { field: string; direction: SortDirection };
  page: number;
  perPage: number;
}

export type ListQueryInput = Record<string, string | string[] | undefined>;

/** `name[operator]`: one bracket pair, no nesting. */
const BRACKET_KEY = /^([^[\]]+)\[([^[\]]+)\]$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const WHOLE_NUMBER = /^\d+$/;
/** A bound on `in` lists, so one request cannot ship an arbitrarily large IN (…). */
const MAX_IN_VALUES = 1000;
const SECOND_MS = 1000;
const DAY_MS = 86_400_000;
/**
 * The LIKE escape character. Not `\`: it is also a string-literal escape in MySQL but not in
 * SQLite, and SQLite has no default LIKE escape at all, so an explicit `ESCAPE '!'` is the one
 * spelling that means the same on both.
 */
const LIKE_ESCAPE = '!';

const SCALAR_PARAMETERS = [
  'search',
  'searchBy',
  'filterBy',
  'filter',
  'nominalCode',
  'sort_by',
  'sort_direction',
  'page',
  'per_page',
] as const;

/** `Object.hasOwn`, so `constructor[eq]` or `__proto__[eq]` can't pass as a whitelisted field. */
function own<Value>(record: Record<string, Value> | undefined, key: string): Value | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

function addError(errors: FieldErrors, key: string, message: string): void {
  (errors[key] ??= []).push(message);
}

/**
 * One value per parameter. Koa's querystring turns a repeated parameter into an array; rather than
 * guess which one the caller meant, a repeat is a 422 (the browser's encoder never repeats). `in`
 * is the exception, see `parseListQuery`. Values are trimmed, and empty ones count as absent.
 */
function singleValue(query: ListQueryInput, key: string, errors: FieldErrors): string | undefined {
  const raw = query[key];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw) && raw.length > 1) {
    addError(errors, key, `The ${key} parameter may only be given once.`);
    return undefined;
  }
  const value = (Array.isArray(raw) ? (raw[0] ?? '') : raw).trim();
  return value === '' ? undefined : value;
}

function utcDate(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}

/** A `YYYY-MM-DD HH:mm:ss` already checked by `isListDateTime`, read as UTC. */
function parseDateTime(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

function parseDateInterval(value: string): ListDateInterval | null {
  if (isListDateTime(value)) {
    const from = parseDateTime(value);
    return { from, to: new Date(from.getTime() + SECOND_MS) };
  }
  const match = DATE_ONLY.exec(value);
  if (!match) return null;
  const from = utcDate(Number(match[1]), Number(match[2]), Number(match[3]));
  return from ? { from, to: new Date(from.getTime() + DAY_MS) } : null;
}

/** Parses one raw value per the field's type; a message when it doesn't parse. */
function parseScalar(field: string, type: ListFilterType, raw: string): ListFilterScalar | { error: string } {
  switch (type) {
    case 'string':
      return raw;
    case 'number': {
      const value = Number(raw);
      return NUMBER.test(raw) && Number.isFinite(value)
        ? value
        : { error: `The ${field} field must be a number.` };
    }
    case 'boolean': {
      const lower = raw.toLowerCase();
      if (lower === 'true' || lower === '1') return true;
      if (lower === 'false' || lower === '0') return false;
      return { error: `The ${field} field must be true, false, 1 or 0.` };
    }
    case 'date':
      return (
        parseDateInterval(raw) ?? {
          error: `The ${field} field must be a date as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss.`,
        }
      );
    default:
      return assertUnreachable(type);
  }
}

function assertUnreachable(value: never): never {
  throw new Error(`Unhandled value: ${String(value)}`);
}

function isError(value: unknown): value is { error: string } {
  return typeof value === 'object' && value !== null && 'error' in value;
}

function isListOperator(value: string): value is ListOperator {
  return (LIST_OPERATORS as readonly string[]).includes(value);
}

function parseFilterValue(
  key: string,
  field: string,
  type: ListFilterType,
  operator: ListOperator,
  values: string[],
  errors: FieldErrors,
): ParsedListFilter | null {
  if (operator === 'like') {
    // `like` is "contains": the text is matched literally, never as a pattern.
    return values[0] === undefined ? null : { field, operator, value: values[0] };
  }
  if (operator === 'in') {
    const items = values.flatMap((value) => value.split(',')).map((item) => item.trim());
    const present = items.filter((item) => item !== '');
    if (present.length === 0) return null;
    if (present.length > MAX_IN_VALUES) {
      addError(errors, key, `The ${key} parameter accepts at most ${MAX_IN_VALUES} values.`);
      return null;
    }
    const parsed: ListFilterScalar[] = [];
    for (const item of present) {
      const value = parseScalar(field, type, item);
      if (isError(value)) {
        addError(errors, key, value.error);
        return null;
      }
      parsed.push(value);
    }
    return { field, operator, value: parsed };
  }
  if (values[0] === undefined) return null;
  const value = parseScalar(field, type, values[0]);
  if (isError(value)) {
    addError(errors, key, value.error);
    return null;
  }
  return { field, operator, value };
}

/**
 * Reads a Koa query (`ctx.query`) against the endpoint's spec. Throws `AppError.validation` with
 * every problem keyed by its parameter; parameters outside the convention (a cache buster, say) are
 * ignored. Empty values are dropped, and a date range with an end that isn't a valid
 * `YYYY-MM-DD HH:mm:ss` is silently ignored, as the spec's browser never sends one.
 */
export function parseListQuery<ModelAttributes>(
  query: ListQueryInput,
  spec: ListQuerySpec<ModelAttributes>,
): ParsedListQuery {
  const errors: FieldErrors = {};
  const filters: ParsedListFilter[] = [];
  const rangeEnds = new Map<string, { startDate?: string; endDate?: string }>();

  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || (SCALAR_PARAMETERS as readonly string[]).includes(key)) continue;
    const match = BRACKET_KEY.exec(key);
    if (!match) {
      if (key.includes('[') || key.includes(']')) {
        addError(errors, key, `The ${key} parameter is not a valid filter; use name[operator]=value.`);
      }
      continue;
    }
    const field = match[1]!;
    const operator = match[2]!;

    if (operator === 'startDate' || operator === 'endDate') {
      if (!own(spec.dateRanges, field)) {
        addError(errors, key, `The ${field} field has no date range.`);
        continue;
      }
      const value = singleValue(query, key, errors);
      const ends = rangeEnds.get(field) ?? {};
      ends[operator] = value;
      rangeEnds.set(field, ends);
      continue;
    }

    const filter = own(spec.filters, field);
    if (!filter) {
      addError(errors, key, `The ${field} field can not be filtered.`);
      continue;
    }
    if (!isListOperator(operator)) {
      addError(errors, key, `The ${operator} operator is not supported.`);
      continue;
    }
    if (!filter.operators.includes(operator)) {
      addError(errors, key, `The ${field} field can not be filtered with ${operator}.`);
      continue;
    }
    // `in` may arrive repeated (`status[in]=1&status[in]=2`): every value counts, as it would
    // in a comma list. Any other operator given twice is ambiguous, hence a 422.
    let values: string[];
    if (operator === 'in') {
      values = (Array.isArray(raw) ? raw : [raw]).map((value) => value.trim());
    } else {
      const value = singleValue(query, key, errors);
      values = value === undefined ? [] : [value];
    }
    const parsed = parseFilterValue(key, field, filter.type, operator, values, errors);
    if (parsed) filters.push(parsed);
  }

  const dateRanges: ParsedListDateRange[] = [];
  for (const [field, ends] of rangeEnds) {
    if (isListDateTime(ends.startDate) && isListDateTime(ends.endDate)) {
      dateRanges.push({
        field,
        startDate: parseDateTime(ends.startDate),
        endDate: parseDateTime(ends.endDate),
      });
    }
  }

  // filterBy + filter: the older spelling of name[eq]=value.
  const filterBy = singleValue(query, 'filterBy', errors);
  const filterValue = singleValue(query, 'filter', errors);
  if (filterValue !== undefined) {
    if (filterBy === undefined) {
      addError(errors, 'filterBy', 'The filterBy field is required when filter is present.');
    } else {
      const filter = own(spec.filters, filterBy);
      if (!filter) {
        addError(errors, 'filterBy', `The ${filterBy} field can not be filtered.`);
      } else {
        const parsed = parseFilterValue('filter', filterBy, filter.type, 'eq', [filterValue], errors);
        if (parsed) filters.push(parsed);
      }
    }
  }

  // nominalCode: a top-level parameter in the spec; an eq filter when the endpoint declares the field.
  const nominalCode = singleValue(query, 'nominalCode', errors);
  if (nominalCode !== undefined) {
    const filter = own(spec.filters, 'nominalCode');
    if (!filter) {
      addError(errors, 'nominalCode', 'The nominalCode field can not be filtered.');
    } else {
      const parsed = parseFilterValue('nominalCode', 'nominalCode', filter.type, 'eq', [nominalCode], errors);
      if (parsed) filters.push(parsed);
    }
  }

  const searchFields = spec.search ?? [];
  const term = singleValue(query, 'search', errors);
  const searchBy = singleValue(query, 'searchBy', errors);
  if (searchBy !== undefined && !searchFields.includes(searchBy)) {
    addError(errors, 'searchBy', oneOf('searchBy', searchFields));
  }
  if (term !== undefined && searchFields.length === 0) {
    addError(errors, 'search', oneOf('search', searchFields));
  }
  const search =
    term !== undefined ? { term, fields: searchBy !== undefined ? [searchBy] : [...searchFields] } : null;

  const sortBy = singleValue(query, 'sort_by', errors);
  if (sortBy !== undefined && !spec.sort.fields.includes(sortBy)) {
    addError(errors, 'sort_by', oneOf('sort_by', spec.sort.fields));
  }
  const sortDirection = singleValue(query, 'sort_direction', errors);
  if (sortDirection !== undefined && !(SORT_DIRECTIONS as readonly string[]).includes(sortDirection)) {
    addError(errors, 'sort_direction', 'The sort_direction must be asc or desc.');
  }
  const sort = {
    field: sortBy ?? spec.sort.default.field,
    direction: (sortDirection as SortDirection | undefined) ?? spec.sort.default.direction,
  };

  const perPageLimits = spec.perPage ?? { default: DEFAULT_PER_PAGE, max: MAX_PER_PAGE };
  const perPage = parseWholeNumber(query, 'per_page', 1, perPageLimits.max, errors) ?? perPageLimits.default;
  const page = parseWholeNumber(query, 'page', 1, Number.MAX_SAFE_INTEGER, errors) ?? 1;
  if (!Number.isSafeInteger((page - 1) * perPage)) {
    addError(errors, 'page', 'The page is too large.');
  }

  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return { filters, dateRanges, search, sort, page, perPage };
}

function oneOf(key: string, allowed: readonly string[]): string {
  return allowed.length === 0
    ? `The ${key} parameter is not supported here.`
    : `The ${key} must be one of: ${allowed.join(', ')}.`;
}

function parseWholeNumber(
  query: ListQueryInput,
  key: string,
  min: number,
  max: number,
  errors: FieldErrors,
): number | undefined {
  const raw = singleValue(query, key, errors);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!WHOLE_NUMBER.test(raw) || value < min || value > max) {
    addError(
      errors,
      key,
      max === Number.MAX_SAFE_INTEGER
        ? `The ${key} must be a whole number of at least ${min}.`
        : `The ${key} must be a whole number between ${min} and ${max}.`,
    );
    return undefined;
  }
  return value;
}

/** A field's column: the one its filter or date range declares, else the field name. */
function columnOf<ModelAttributes>(spec: ListQuerySpec<ModelAttributes>, field: string): string {
  return own(spec.filters, field)?.column ?? own(spec.dateRanges, field)?.column ?? field;
}

function isIncludedColumn(column: string): boolean {
  return column.startsWith('$') && column.endsWith('$');
}

/**
 * Fails loudly (a 500, not a query the database rejects later) when a spec names a column the model
 * doesn't have: a typo in a spec is a programming error, and is caught by the endpoint's first test.
 */
function assertColumn(model: ModelStatic<Model>, column: string): void {
  if (isIncludedColumn(column)) return;
  const attributes = model.getAttributes() as Record<string, { field?: string }>;
  const known =
    Object.hasOwn(attributes, column) ||
    Object.values(attributes).some((attribute) => attribute.field === column);
  if (!known) throw new Error(`List spec names "${column}", which is not an attribute of ${model.name}.`);
}

/** `col` for ORDER BY: an attribute's real column, qualified by the model's alias in the query. */
function qualifiedColumn(model: ModelStatic<Model>, column: string): ReturnType<typeof Sequelize.col> {
  if (isIncludedColumn(column)) return Sequelize.col(column.slice(1, -1));
  const attribute = (model.getAttributes() as Record<string, { field?: string }>)[column];
  return Sequelize.col(`${model.name}.${attribute?.field ?? column}`);
}

const TEXT_TYPES = ['STRING', 'CHAR', 'TEXT', 'CITEXT'];

function isTextAttribute(model: ModelStatic<Model>, column: string): boolean {
  const attribute = (model.getAttributes() as Record<string, { type?: { key?: string } }>)[column];
  return TEXT_TYPES.includes(attribute?.type?.key ?? '');
}

function likeLiteral(model: ModelStatic<Model>, pattern: string): ReturnType<typeof Sequelize.literal> {
  // sequelize.escape quotes the pattern for the connection's dialect; the ESCAPE clause is constant.
  return Sequelize.literal(`${model.sequelize!.escape(pattern)} ESCAPE '${LIKE_ESCAPE}'`);
}

function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (character) => `${LIKE_ESCAPE}${character}`);
}

function isInterval(value: ListFilterScalar): value is ListDateInterval {
  return typeof value === 'object';
}

/** Conditions on one column for one scalar; dates compare by interval, SQLite strings case-insensitively. */
function scalarCondition(
  model: ModelStatic<Model>,
  operator: Exclude<ListOperator, 'like' | 'in'>,
  value: ListFilterScalar,
  caseFoldEquality: boolean,
): WhereAttributeHashValue<unknown> {
  if (isInterval(value)) {
    switch (operator) {
      case 'eq':
        return { [Op.gte]: value.from, [Op.lt]: value.to };
      case 'ne':
        return { [Op.or]: [{ [Op.lt]: value.from }, { [Op.gte]: value.to }] };
      case 'gt':
        return { [Op.gte]: value.to };
      case 'gte':
        return { [Op.gte]: value.from };
      case 'lt':
        return { [Op.lt]: value.from };
      case 'lte':
        return { [Op.lt]: value.to };
      default:
        return assertUnreachable(operator);
    }
  }
  // MySQL's utf8mb4_unicode_ci already compares strings case-insensitively (and can use an index);
  // SQLite's `=` is binary, but its LIKE without wildcards is a case-insensitive equality.
  if (caseFoldEquality && typeof value === 'string' && (operator === 'eq' || operator === 'ne')) {
    const pattern = likeLiteral(model, escapeLike(value));
    return operator === 'eq' ? { [Op.like]: pattern } : { [Op.notLike]: pattern };
  }
  const operatorSymbol = {
    eq: Op.eq,
    ne: Op.ne,
    gt: Op.gt,
    gte: Op.gte,
    lt: Op.lt,
    lte: Op.lte,
  }[operator];
  return { [operatorSymbol]: value };
}

export interface ListFindOptions {
  where: WhereOptions;
  order: Order;
  limit: number;
  offset: number;
}

/**
 * Turns a parsed query into Sequelize find options for `model`. The model supplies the dialect (for
 * LIKE quoting and SQLite's case folding) and the primary key, appended to every sort so pages
 * never overlap or skip rows when the sort field has ties. `where` holds the query's conditions
 * only: callers AND their scope in (as `findPage` does).
 */
export function toFindOptions<M extends Model>(
  parsed: ParsedListQuery,
  spec: ListQuerySpec<Attributes<M>>,
  model: ModelStatic<M>,
): ListFindOptions {
  const anyModel = model as unknown as ModelStatic<Model>;
  const isSqlite = model.sequelize!.getDialect() === 'sqlite';
  const column = (field: string): string => {
    const name = columnOf(spec, field);
    assertColumn(anyModel, name);
    return name;
  };
  const conditions: WhereOptions[] = [];

  for (const filter of parsed.filters) {
    const name = column(filter.field);
    const caseFold = isSqlite && own(spec.filters, filter.field)?.type === 'string';
    if (filter.operator === 'like') {
      conditions.push({
        [name]: { [Op.like]: likeLiteral(anyModel, `%${escapeLike(String(filter.value))}%`) },
      });
    } else if (filter.operator === 'in') {
      const values = filter.value as ListFilterScalar[];
      const simple =
        !values.some(isInterval) && !(caseFold && values.some((value) => typeof value === 'string'));
      conditions.push({
        [name]: simple
          ? { [Op.in]: values }
          : { [Op.or]: values.map((value) => scalarCondition(anyModel, 'eq', value, caseFold)) },
      });
    } else {
      conditions.push({
        [name]: scalarCondition(anyModel, filter.operator, filter.value as ListFilterScalar, caseFold),
      });
    }
  }

  for (const range of parsed.dateRanges) {
    // Inclusive to the second: rows stored with milliseconds inside the end second still count.
    conditions.push({
      [column(range.field)]: {
        [Op.gte]: range.startDate,
        [Op.lt]: new Date(range.endDate.getTime() + SECOND_MS),
      },
    });
  }

  if (parsed.search && parsed.search.fields.length > 0) {
    const pattern = likeLiteral(anyModel, `%${escapeLike(parsed.search.term)}%`);
    conditions.push({
      [Op.or]: parsed.search.fields.map((field) => ({ [column(field)]: { [Op.like]: pattern } })),
    });
  }

  const direction = parsed.sort.direction === 'desc' ? 'DESC' : 'ASC';
  const sortColumn = column(parsed.sort.field);
  // SQLite sorts text by byte value ('Z' before 'a'); lower() gives the order MySQL's _ci collation gives.
  const caseFoldSort =
    isSqlite &&
    (own(spec.filters, parsed.sort.field)?.type === 'string' || isTextAttribute(anyModel, sortColumn));
  const order: [unknown, string][] = [
    [
      caseFoldSort
        ? Sequelize.fn('lower', qualifiedColumn(anyModel, sortColumn))
        : isIncludedColumn(sortColumn)
          ? qualifiedColumn(anyModel, sortColumn)
          : sortColumn,
      direction,
    ],
  ];
  const primaryKey = model.primaryKeyAttribute;
  if (primaryKey && primaryKey !== sortColumn) order.push([primaryKey, direction]);

  return {
    where: conditions.length > 0 ? { [Op.and]: conditions } : {},
    order: order as Order,
    limit: parsed.perPage,
    offset: (parsed.page - 1) * parsed.perPage,
  };
}

export interface FindPageOptions<M extends Model, T> {
  attributes?: FindAttributeOptions;
  include?: Includeable | Includeable[];
  transaction?: Transaction;
  /** Row → DTO; rows are returned as model instances without it. */
  map?: (row: M) => T;
}

/**
 * One list endpoint in one call: parse, query the page, count. `scope` is the caller's tenant
 * scope (company, stores), ANDed with the query's conditions, so no parameter can widen it.
 *
 * The total is exact. When the page comes back partly filled (and not empty) it is derived from
 * the page itself, which spares the COUNT on small lists and last pages; otherwise a
 * COUNT(DISTINCT primary key) runs, so a hasMany include doesn't inflate it.
 */
export async function findPage<M extends Model, T = M>(
  model: ModelStatic<M>,
  query: ListQueryInput,
  spec: ListQuerySpec<Attributes<M>>,
  scope: WhereOptions<Attributes<M>>,
  options: FindPageOptions<M, T> = {},
): Promise<ListResponse<T>> {
  const parsed = parseListQuery(query, spec);
  const { where, order, limit, offset } = toFindOptions(parsed, spec, model);
  const combined = { [Op.and]: [scope, where] } as WhereOptions<Attributes<M>>;
  const rows = await model.findAll({
    where: combined,
    order,
    limit,
    offset,
    attributes: options.attributes,
    include: options.include,
    transaction: options.transaction,
  });
  const total =
    rows.length > 0 && rows.length < limit
      ? offset + rows.length
      : await model.count({
          where: combined,
          include: options.include,
          distinct: true,
          col: model.primaryKeyAttribute,
          transaction: options.transaction,
        });
  const map = options.map ?? ((row: M) => row as unknown as T);
  return { data: rows.map(map), meta: { total } };
}
