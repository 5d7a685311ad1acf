import { GraphQLError } from 'graphql';
import { parseShopifyTime } from '../simulator-time';

/**
 * Shopify's search syntax of a connection's `query` argument, the part the sync uses:
 * `updated_at:>='2026-11-28T10:00:00Z' status:open -tag:x sku:A OR sku:B`. Terms side by side must
 * all hold; `OR` between terms joins alternatives; `-` negates; values may be quoted.
 */
export interface SearchTerm {
  field: string | null;
  op: ':' | '>' | '>=' | '<' | '<=';
  value: string;
  negate: boolean;
  /** `value` read as a time, once (a page filters every order with the same term). */
  time?: number | null;
}

/** Alternatives (OR) of terms that must all hold (AND). */
export type SearchQuery = SearchTerm[][];

function tokens(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:[^\s'"]+|'[^']*'|"[^"]*")+/g;
  for (const match of text.matchAll(pattern)) found.push(match[0]);
  return found;
}

function unquote(value: string): string {
  return value.replace(/^(['"])(.*)\1$/, '$2');
}

export function parseSearchQuery(text: string | null | undefined): SearchQuery {
  if (!text || !text.trim()) return [];
  const groups: SearchTerm[][] = [[]];
  for (const token of tokens(text)) {
    if (token === 'OR') {
      groups.push([]);
      continue;
    }
    if (token === 'AND') continue;
    const negate = token.startsWith('-') || token.startsWith('NOT ');
    const body = negate ? token.slice(1) : token;
    const colon = body.indexOf(':');
    if (colon < 0) {
      groups[groups.length - 1]!.push({ field: null, op: ':', value: unquote(body), negate });
      continue;
    }
    const field = body.slice(0, colon).toLowerCase();
    let rest = body.slice(colon + 1);
    let op: SearchTerm['op'] = ':';
    for (const candidate of ['>=', '<=', '>', '<'] as const) {
      if (rest.startsWith(candidate)) {
        op = candidate;
        rest = rest.slice(candidate.length);
        break;
      }
    }
    groups[groups.length - 1]!.push({ field, op, value: unquote(rest), negate });
  }
  return groups.filter((group) => group.length > 0);
}

/** How a field of the searched resource reads for a term: a time, a number or text. */
export type SearchField<T> =
  | { kind: 'time'; read: (item: T) => number | null }
  | { kind: 'number'; read: (item: T) => number | null }
  | { kind: 'text'; read: (item: T) => (string | null)[] | string | null };

function compare(op: SearchTerm['op'], left: number, right: number): boolean {
  switch (op) {
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    default:
      return left === right;
  }
}

function termHolds<T>(
  term: SearchTerm,
  item: T,
  fields: Record<string, SearchField<T>>,
  freeText: string,
): boolean {
  const field = fields[term.field ?? freeText];
  // Shopify ignores a filter on a field it does not know (and warns in `extensions.search`).
  if (!field) return true;
  if (field.kind === 'time') {
    const at = field.read(item);
    if (term.time === undefined) term.time = parseShopifyTime(term.value);
    const wanted = term.time;
    if (wanted === null) throw new GraphQLError(`Invalid search value for ${term.field}: ${term.value}`);
    return at !== null && compare(term.op, at, wanted);
  }
  if (field.kind === 'number') {
    const value = field.read(item);
    return value !== null && compare(term.op, value, Number(term.value));
  }
  const raw = field.read(item);
  const values = (Array.isArray(raw) ? raw : [raw]).filter((value): value is string => value !== null);
  const wanted = term.value.toLowerCase();
  if (wanted.endsWith('*'))
    return values.some((value) => value.toLowerCase().startsWith(wanted.slice(0, -1)));
  if (term.field === null) return values.some((value) => value.toLowerCase().includes(wanted));
  return values.some((value) => value.toLowerCase() === wanted);
}

export function matchesSearch<T>(
  query: SearchQuery,
  item: T,
  fields: Record<string, SearchField<T>>,
  freeText = 'default',
): boolean {
  if (query.length === 0) return true;
  return query.some((group) =>
    group.every((term) => termHolds(term, item, fields, freeText) !== term.negate),
  );
}
