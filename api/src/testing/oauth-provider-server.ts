import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A small, real OAuth 2.0 authorisation server (RFC 6749 authorisation-code grant, with optional
 * PKCE) for the test suites and the e2e run: a consent page with Allow and Deny, and a token
 * endpoint that checks the client, single-use codes and the redirect_uri the way real providers
 * do. Every request it receives is kept for assertions.
 */

export interface OAuthTestClient {
  clientId: string;
  clientSecret: string;
}

export interface OAuthProviderServerOptions {
  clients?: OAuthTestClient[];
  port?: number;
  host?: string;
  /** Lifetime of the access tokens it grants; null leaves `expires_in` out (non-expiring tokens). */
  expiresIn?: number | null;
  /** The name shown on the consent page. */
  name?: string;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Form (or JSON) body fields of a POST. */
  form: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface OAuthProviderServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  requests: ReceivedRequest[];
  /** Token requests only. */
  tokenRequests(): ReceivedRequest[];
  /** The next token requests answer this status (a 5xx outage, say) instead of tokens. */
  failTokenRequests(status: number, count?: number): void;
  close(): Promise<void>;
}

export const DEFAULT_TEST_CLIENT: OAuthTestClient = { clientId: 'test-client', clientSecret: 'test-secret' };

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string | null;
  used: boolean;
  expiresAt: number;
}

const CODE_LIFETIME_MS = 5 * 60 * 1000;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseForm(contentType: string | undefined, text: string): Record<string, string> {
  if (!text) return {};
  if (contentType?.includes('application/json')) {
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1) or, failing that, the form. */
function clientCredentials(request: ReceivedRequest): { clientId?: string; clientSecret?: string } {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator > 0) {
      return {
        clientId: decodeURIComponent(decoded.slice(0, separator)),
        clientSecret: decodeURIComponent(decoded.slice(separator + 1)),
      };
    }
  }
  return { clientId: request.form.client_id, clientSecret: request.form.client_secret };
}

function consentPage(name: string, clientId: string, scope: string, fields: Record<string, string>): string {
  const hidden = Object.entries(fields)
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(name)}: authorise access</title></head>
  <body>
    <h1>${escapeHtml(name)}</h1>
    <p>The application <strong>${escapeHtml(clientId)}</strong> asks for access${scope ? ` to <code>${escapeHtml(scope)}</code>` : ''}.</p>
    <form method="post" action="/authorize">
      ${hidden}
      <button type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </form>
  </body>
</html>`;
}

export async function startOAuthProviderServer(
  options: OAuthProviderServerOptions = {},
): Promise<OAuthProviderServer> {
  const clients = options.clients ?? [DEFAULT_TEST_CLIENT];
  const expiresIn = options.expiresIn === undefined ? 3600 : options.expiresIn;
  const name = options.name ?? 'Test OAuth provider';
  const requests: ReceivedRequest[] = [];
  const codes = new Map<string, IssuedCode>();
  const refreshTokens = new Map<string, { clientId: string; scope: string }>();
  const failures: number[] = [];

  const findClient = (clientId: string | undefined) => clients.find((client) => client.clientId === clientId);

  function send(
    response: http.ServerResponse,
    status: number,
    body: string,
    type = 'text/plain; charset=utf-8',
  ) {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  }
  const sendJson = (response: http.ServerResponse, status: number, body: unknown) =>
    send(response, status, JSON.stringify(body), 'application/json');
  const oauthError = (response: http.ServerResponse, status: number, error: string, description: string) =>
    sendJson(response, status, { error, error_description: description });

  function grantTokens(clientId: string, scope: string) {
    const refreshToken = `rt_${randomBytes(18).toString('base64url')}`;
    refreshTokens.set(refreshToken, { clientId, scope });
    return {
      access_token: `at_${randomBytes(18).toString('base64url')}`,
      refresh_token: refreshToken,
      token_type: 'bearer',
      ...(expiresIn === null ? {} : { expires_in: expiresIn }),
      scope,
    };
  }

  /** GET /authorize: the consent page (or a 400 the way providers refuse a misconfigured client). */
  function showConsent(request: ReceivedRequest, response: http.ServerResponse) {
    const { client_id: clientId, redirect_uri: redirectUri, response_type: responseType } = request.query;
    if (!findClient(clientId)) return send(response, 400, 'Unknown client_id.');
    if (!redirectUri) return send(response, 400, 'redirect_uri is required.');
    if (responseType !== 'code') return send(response, 400, 'Only response_type=code is supported.');
    const fields: Record<string, string> = {
      client_id: clientId!,
      redirect_uri: redirectUri,
      scope: request.query.scope ?? '',
      state: request.query.state ?? '',
    };
    if (request.query.code_challenge) {
      fields.code_challenge = request.query.code_challenge;
      fields.code_challenge_method = request.query.code_challenge_method ?? 'plain';
    }
    send(response, 200, consentPage(name, clientId!, fields.scope!, fields), 'text/html; charset=utf-8');
  }

  /** POST /authorize: the person's decision; back to the redirect_uri with a code or an error. */
  function decide(request: ReceivedRequest, response: http.ServerResponse) {
    const { client_id: clientId, redirect_uri: redirectUri, state, scope = '', decision } = request.form;
    if (!findClient(clientId) || !redirectUri) return send(response, 400, 'Invalid consent form.');
    const target = new URL(redirectUri);
    if (decision === 'allow') {
      const code = randomBytes(18).toString('base64url');
      codes.set(code, {
        clientId: clientId!,
        redirectUri,
        scope,
        codeChallenge: request.form.code_challenge ?? null,
        used: false,
        expiresAt: Date.now() + CODE_LIFETIME_MS,
      });
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied access to the application');
    }
    if (state) target.searchParams.set('state', state);
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  /** POST /token: the authorisation-code and refresh-token grants. */
  function token(request: ReceivedRequest, response: http.ServerResponse) {
    const failure = failures.shift();
    if (failure !== undefined) return send(response, failure, 'Service unavailable');
    const { clientId, clientSecret } = clientCredentials(request);
    const client = findClient(clientId);
    if (!client || !clientSecret || !sameText(client.clientSecret, clientSecret)) {
      return oauthError(response, 401, 'invalid_client', 'Client authentication failed');
    }
    const form = request.form;
    if (form.grant_type === 'refresh_token') {
      const granted = form.refresh_token ? refreshTokens.get(form.refresh_token) : undefined;
      if (!granted || granted.clientId !== client.clientId) {
        return oauthError(response, 400, 'invalid_grant', 'The refresh token is invalid');
      }
      refreshTokens.delete(form.refresh_token!);
      return sendJson(response, 200, grantTokens(client.clientId, granted.scope));
    }
    if (form.grant_type !== 'authorization_code') {
      return oauthError(response, 400, 'unsupported_grant_type', 'Unsupported grant_type');
    }
    const issued = form.code ? codes.get(form.code) : undefined;
    if (!issued || issued.used || issued.expiresAt < Date.now() || issued.clientId !== client.clientId) {
      // A code used twice is treated as an attack on it: it stays dead (RFC 6749 §4.1.2).
      if (issued) issued.used = true;
      return oauthError(response, 400, 'invalid_grant', 'The authorization code is invalid or has expired');
    }
    issued.used = true;
    if (form.redirect_uri !== issued.redirectUri) {
      return oauthError(
        response,
        400,
        'invalid_grant',
        'The redirect_uri does not match the authorization request',
      );
    }
    if (issued.codeChallenge) {
      const verifier = form.code_verifier ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!verifier || challenge !== issued.codeChallenge) {
        return oauthError(
          response,
          400,
          'invalid_grant',
          'The code_verifier does not match the code_challenge',
        );
      }
    }
    sendJson(response, 200, grantTokens(client.clientId, issued.scope));
  }

  const server = http.createServer((incoming, response) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://provider.test');
      const text = incoming.method === 'POST' ? await readBody(incoming) : '';
      const request: ReceivedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: parseForm(incoming.headers['content-type'], text),
        headers: incoming.headers,
      };
      requests.push(request);
      const route = `${request.method} ${request.path}`;
      if (route === 'GET /health') return send(response, 200, 'ok');
      if (route === 'GET /authorize') return showConsent(request, response);
      if (route === 'POST /authorize') return decide(request, response);
      if (route === 'POST /token') return token(request, response);
      send(response, 404, 'Not found');
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, String(error));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url,
    authorizeUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    requests,
    tokenRequests: () => requests.filter((request) => request.path === '/token'),
    failTokenRequests(status, count = 1) {
      for (let index = 0; index < count; index += 1) failures.push(status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a browser does on the consent page, for tests without one: opens the consent link, then
 * submits the decision. Returns the URL the provider sends the browser back to.
 */
export async function decideOnConsent(consentUrl: string, decision: 'allow' | 'deny'): Promise<URL> {
  const page = await fetch(consentUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields.set(unescapeHtml(match[1]!), unescapeHtml(match[2]!));
  }
  fields.set('decision', decision);
  const answer = await fetch(new URL('/authorize', consentUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`consent decision answered ${answer.status}`);
  return new URL(location);
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
