/**
 * What a log keeps of a request's address: the route and its ids, never a credential. A hosted
 * page's token (`/hostedPages/hp_…`), an invitation's (`/invitations/verify/…`), an OAuth code or
 * a `?token=` opens something to whoever reads the log, so those parts are replaced; a record's
 * uuid or number stays, so a line can still be matched with what it was about.
 */

const MASK = '[redacted]';

/** Our own token prefixes (hosted pages, API tokens): kept, so a reader can tell which kind it was. */
const PREFIXED_TOKEN = /^(hp_|sd_)[A-Za-z0-9_-]+$/;
/** A long run of base64url/hex characters: random, so a secret (our tokens are 43 characters). */
const LONG_RANDOM = /^[A-Za-z0-9_-]{32,}$/;
/** A JWT: three base64url parts. */
const JWT = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}$/;
/** Record uuids are ids, not secrets: left readable. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Query names whose value is a credential whatever it looks like (`token`, `access_token`, an OAuth
 * `code` and `state`, `hmac`…); whole names or endings, so `nominalCode` or `sort_by` stay readable.
 */
const SECRET_NAME =
  /^(code|state|sig|hmac|key|auth|authorization|session|jwt)$|(token|secret|password|passwd|signature|api_?key)$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Whether a path segment or query value looks like a bearer credential. */
export function looksBearerLike(value: string): boolean {
  if (UUID.test(value)) return false;
  return PREFIXED_TOKEN.test(value) || LONG_RANDOM.test(value) || JWT.test(value);
}

function redactSegment(segment: string): string {
  const value = decoded(segment);
  if (!looksBearerLike(value)) return segment;
  const prefix = PREFIXED_TOKEN.exec(value)?.[1] ?? '';
  return `${prefix}${MASK}`;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return looksBearerLike(decoded(pair)) ? MASK : pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      if (value === '') return pair;
      return SECRET_NAME.test(decoded(name)) || looksBearerLike(decoded(value)) ? `${name}=${MASK}` : pair;
    })
    .join('&');
}

/**
 * A path with its query (`ctx.url`) or a full URL, with every bearer-like path segment and every
 * credential query value replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const address = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt < 0 ? null : withoutHash.slice(queryAt + 1);
  // `https://host/…`: the scheme and host are left alone, the path is redacted segment by segment.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(address)?.[0] ?? '';
  const path = address.slice(origin.length).split('/').map(redactSegment).join('/');
  return `${origin}${path}${query === null ? '' : `?${redactQuery(query)}`}`;
}
