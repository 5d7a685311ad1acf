import type { Middleware } from 'koa';
import type { RemoteManifestEntry } from '@syncdesk/contracts';
import type { HostedPageLook } from './hosted-page-settings.service';
import { looksLikeHostedToken } from './hosted-token';
import type { HostedVisitorResolver } from './hosted-visitor-access';

export interface HostedPagePolicyInput {
  /** The seller's stylesheets the page may load (only when their look enables them). */
  stylesheets: readonly string[];
  /** An external logo url (an uploaded logo is served from 'self'). */
  logoUrl: string | null;
  /** Origins other than the page's own that serve remotes (REMOTES_JSON / REMOTES_FILE on a CDN). */
  remoteOrigins: readonly string[];
}

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

const unique = (values: readonly (string | null)[]) => [
  ...new Set(values.filter((value): value is string => value !== null)),
];

/**
 * The Content-Security-Policy of a hosted page's document. Scripts come from our origin (and the
 * remotes' hosts) only: nothing the seller configured can bring script. Styles may come from our
 * origin and from exactly the seller's stylesheet urls (inline styles too: the component library
 * writes its CSS at run time); the stylesheets' hosts may serve the fonts and images they use, and
 * the logo's host its image. No plugins, no `<base>`, forms post to us, and only our own pages may
 * frame it.
 */
export function hostedPageContentSecurityPolicy(input: HostedPagePolicyInput): string {
  const sheetOrigins = unique(input.stylesheets.map(originOf));
  const logoOrigin = input.logoUrl ? originOf(input.logoUrl) : null;
  const remotes = unique(input.remoteOrigins.map(originOf));
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...remotes]],
    ['style-src', ["'self'", "'unsafe-inline'", ...remotes, ...unique([...input.stylesheets])]],
    ['img-src', ["'self'", 'data:', 'blob:', ...unique([logoOrigin, ...sheetOrigins])]],
    ['font-src', ["'self'", 'data:', ...remotes, ...sheetOrigins]],
    ['connect-src', ["'self'", ...remotes]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; ');
}

/** `/hostedPages/{token}` and everything under it, `/hostedPages/error`, `/hostedPages/redirecting`. */
const HOSTED_DOCUMENT = /^\/hostedPages\/([^/]+)(?:\/|$)/;

/**
 * Sets the policy on the documents of the hosted area (the visitor's pages): with the seller's
 * stylesheets and logo when the path carries a live token, strict otherwise. The token is in the
 * page's address, so the page also sends no Referer anywhere.
 */
export function hostedPageDocumentPolicy(deps: {
  visitors: () => HostedVisitorResolver;
  lookOf: (companyId: number) => Promise<HostedPageLook>;
  remoteManifest: (origin: string) => RemoteManifestEntry[];
}): Middleware {
  return async function hostedPagePolicy(ctx, next) {
    const match = ctx.method === 'GET' || ctx.method === 'HEAD' ? HOSTED_DOCUMENT.exec(ctx.path) : null;
    if (!match) return next();
    let look: HostedPageLook | null = null;
    let segment = match[1]!;
    try {
      segment = decodeURIComponent(segment);
    } catch {
      // Not a token either way.
    }
    if (looksLikeHostedToken(segment)) {
      try {
        const { visitor } = await deps.visitors().resolve(segment, { clientIp: ctx.ip, via: 'web' });
        look = await deps.lookOf(visitor.companyId);
      } catch {
        // A dead link's page only shows 'Token expired': no seller assets.
      }
    }
    const origin = `${ctx.protocol}://${ctx.host}`;
    const remoteOrigins = deps
      .remoteManifest(origin)
      .map((entry) => originOf(entry.entry))
      .filter((remote): remote is string => remote !== null && remote !== origin);
    const styles = look?.styles;
    ctx.set(
      'Content-Security-Policy',
      hostedPageContentSecurityPolicy({
        stylesheets:
          styles?.isCustomStylesheetsEnabled === true
            ? styles.customStylesheets.map((sheet) => sheet.url)
            : [],
        logoUrl: look && !look.styles.isLogoHidden ? look.logo_url : null,
        remoteOrigins,
      }),
    );
    ctx.set('Referrer-Policy', 'no-referrer');
    await next();
  };
}
