import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  authorizationCallbackSchema,
  ERROR_MESSAGES,
  findCatalogueEntry,
  ROUTE_PATTERNS,
  routes,
  type ChannelAuthorizeDto,
  type ChannelKind,
} from '@syncdesk/contracts';
import { AppError } from '../../../http/app-error';
import type { RequestScope } from '../../../http/request-scope';
import { validate } from '../../../http/validate';
import type { Channel } from '../../../db/channel.models';
import type { Models } from '../../../db/models';
import type { ActivityService } from '../../activities/activity.service';
import { findStoreChannel } from '../channel-access';
import { findLiveHostedLink } from '../../hosted-pages/hosted-visitor-access';
import { hostedActorName } from '../../hosted-pages/hosted-token';
import type { CredentialCipher } from '../credential-cipher';
import { readChannelCredentials, writeChannelCredentials } from '../channel-credentials';
import type { OAuthStateUses } from './oauth-state-use.model';
import type { OAuthStateClaims, OAuthStateSigner } from './oauth-state';
import {
  connectionFailed,
  consentUrl,
  resolveOAuthProvider,
  type OAuthProvider,
  type OAuthProviderSettings,
} from './oauth-providers';
import { exchangeAuthorizationCode, OAuthGrantRefusedError, type OAuthTokenSet } from './oauth-token-client';

/** `GET .../authorize` and the guest variants; `provider` names where the link leads. */
export interface ChannelAuthorizationLink extends ChannelAuthorizeDto {
  provider: string;
}

/** `POST /authorization/.../callback`: the channel that is now connected. */
export interface ChannelAuthorizationResult {
  channel_id: number;
  store_id: number;
  kind: ChannelKind;
  name: string;
  /** The link was a guest link (the person who finished it may have no login here). */
  guest: boolean;
  /**
   * Started from a hosted page: where the browser goes next (the hosted area's redirecting page,
   * which takes the visitor back to their link). Absent otherwise.
   */
  return_to?: string;
}

/** `GET .../showWithoutAuth`: just enough for a guest page to say what is being connected. */
export interface GuestChannelSummary {
  id: number;
  name: string;
  type: string;
  provider: string;
  kind: ChannelKind;
  store_name: string;
}

/** Which callback page the provider sent the browser to: channels and accounting, or plugins. */
export interface CallbackRoute {
  slug: string;
  plugin: boolean;
}

export interface ChannelAuthorizationService {
  /** The provider's consent link for a channel the caller can reach (guest: a 24-hour link to share). */
  authorize(
    scope: RequestScope,
    target: { storeId: number; channelId: number; kind: ChannelKind },
    options?: { guest?: boolean },
  ): Promise<ChannelAuthorizationLink>;
  /** Redeems the provider's answer: verifies the state, exchanges the code, stores the tokens. */
  complete(route: CallbackRoute, body: unknown): Promise<ChannelAuthorizationResult>;
  /** The channel a still-valid state was issued for; 404 for anything else. */
  showWithoutAuth(
    target: { storeId: number; channelId: number },
    state: unknown,
  ): Promise<GuestChannelSummary>;
}

export interface ChannelAuthorizationDependencies {
  models: Models;
  activities: ActivityService;
  cipher: CredentialCipher;
  states: OAuthStateSigner;
  stateUses: OAuthStateUses;
  providers: OAuthProviderSettings;
  /** The live demo's simulated shops: their addresses are the provider's, though private. */
  demoSimulatorOrigins?: ReadonlySet<string>;
  appUrl: string;
  /** The token request; tests may replace it, production uses the global fetch. */
  fetch?: typeof fetch;
  /** A channel just authorised: its recurring jobs (token refresh, order download) follow. */
  authorized?: (channel: Channel) => Promise<void>;
}

// What a provider puts in the callback when the user (or the provider) said no (RFC 6749 §4.1.2.1).
const refusalSchema = z.object({
  error: z.string().min(1),
  error_description: z.string().optional(),
  state: z.string().optional(),
});

/** Provider texts end up in our message; keep them to a sentence. */
const MAX_PROVIDER_TEXT = 300;
const shorten = (value: string) =>
  value.length > MAX_PROVIDER_TEXT ? `${value.slice(0, MAX_PROVIDER_TEXT - 1)}…` : value;

const invalidLink = () =>
  connectionFailed('an expired or invalid authorisation link. Please start the connection again');

function unavailable(kind: ChannelKind, cause: unknown): AppError {
  const message = kind === 'plugin' ? ERROR_MESSAGES.pluginConnectError : ERROR_MESSAGES.channelConnectError;
  // The error handler logs 5xx errors with their cause: what the provider did stays in the log.
  return Object.assign(new AppError('bad_gateway', message), { cause });
}

/**
 * OAuth authorisation of channels, accounting channels and plugins (integration-domain §7): the
 * consent link carries a signed, expiring, single-use `state` naming the channel, so the callback
 * (a public call: the browser may belong to a guest) needs no session to know what it connects.
 */
export function createChannelAuthorizationService(
  deps: ChannelAuthorizationDependencies,
): ChannelAuthorizationService {
  const { models, states } = deps;

  /** Our callback page for the channel's type; the provider sends the browser back there. */
  const callbackUrl = (channel: Pick<Channel, 'type' | 'kind'>) =>
    `${deps.appUrl}${channel.kind === 'plugin' ? routes.authorizationPlugin(channel.type) : routes.authorization(channel.type)}`;
  const redirectUriOf = (provider: OAuthProvider, channel: Channel) =>
    provider.redirectUri ?? callbackUrl(channel);

  /** The channel a state names, if the state is genuine, unexpired and for this kind of page. */
  async function channelOfState(
    claims: OAuthStateClaims | null,
    route?: CallbackRoute,
  ): Promise<Channel | null> {
    if (!claims) return null;
    if (route && route.plugin !== (claims.kind === 'plugin')) return null;
    const channel = await models.Channel.findOne({
      where: { id: claims.channelId, company_id: claims.companyId, kind: claims.kind },
    });
    if (!channel || (route && channel.type !== route.slug)) return null;
    // A hosted page's link works while the page does: revoked or expired since, it connects nothing.
    if (claims.hostedPageId && !(await findLiveHostedLink(models, claims.hostedPageId, channel.id)))
      return null;
    return channel;
  }

  async function storeTokens(channel: Channel, tokens: OAuthTokenSet, claims: OAuthStateClaims) {
    let current: Record<string, unknown>;
    try {
      current = readChannelCredentials(deps.cipher, channel);
    } catch {
      // A blob that no longer opens (rotated key) holds nothing usable; the new grant replaces it.
      current = {};
    }
    const now = new Date();
    // Whole seconds: MySQL keeps no fractions, and the copy in the credentials must match the column.
    const expiresAt =
      tokens.expires_in === null
        ? null
        : new Date(Math.floor(now.getTime() / 1000 + tokens.expires_in) * 1000);
    channel.credentials = writeChannelCredentials(deps.cipher, channel, {
      ...current,
      oauth: {
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        token_type: tokens.token_type,
        scope: tokens.scope,
        expires_at: expiresAt?.toISOString() ?? null,
      },
    });
    channel.authorized_at = now;
    channel.token_expires_at = expiresAt;
    await channel.save();
    await deps.authorized?.(channel);
    const hostedLink = claims.hostedPageId
      ? await models.HostedPage.findByPk(claims.hostedPageId, { attributes: ['id', 'name'] })
      : null;
    // No session here (a guest may finish the flow): the state says whose link it was.
    await deps.activities.record(null, {
      ...(hostedLink
        ? {
            actor: {
              source: 'hosted_page',
              sourceName: hostedActorName(hostedLink.name),
              via: 'hosted_page',
            },
          }
        : {}),
      event: 'channel.authorized',
      subjectType: 'channel',
      subjectId: channel.id,
      companyId: channel.company_id,
      new: {
        kind: channel.kind,
        type: channel.type,
        authorized_at: now.toISOString(),
        token_expires_at: expiresAt?.toISOString() ?? null,
        guest: claims.guest,
        link_user_id: claims.userId,
        ...(hostedLink ? { hosted_page_id: hostedLink.id } : {}),
      },
    });
  }

  return {
    async authorize(scope, { storeId, channelId, kind }, options = {}) {
      const channel = await findStoreChannel(models, scope, storeId, channelId, kind);
      const provider = resolveOAuthProvider(channel, deps.providers, deps.demoSimulatorOrigins);
      const { state, claims } = await states.sign({
        channelId: channel.id,
        kind: channel.kind,
        companyId: channel.company_id,
        storeId: channel.store_id,
        userId: scope.userId,
        guest: options.guest ?? false,
        hostedPageId: scope.hostedPageId ?? null,
      });
      const codeChallenge = provider.pkce
        ? createHash('sha256').update(states.codeVerifier(claims.nonce)).digest('base64url')
        : undefined;
      return {
        url: consentUrl(provider, { redirectUri: redirectUriOf(provider, channel), state, codeChallenge }),
        expires_at: claims.expiresAt.toISOString(),
        provider: provider.name,
      };
    },

    async complete(route, body) {
      const refusal = refusalSchema.safeParse(body);
      if (refusal.success) {
        // The provider's words are only repeated for a genuine link, so a crafted callback URL
        // cannot put its own text into our page.
        const claims = refusal.data.state ? await states.verify(refusal.data.state) : null;
        if (!(await channelOfState(claims, route))) throw invalidLink();
        throw connectionFailed(shorten(refusal.data.error_description || refusal.data.error));
      }
      const input = validate(authorizationCallbackSchema, body);
      const claims = await states.verify(input.state);
      const channel = await channelOfState(claims, route);
      if (!claims || !channel) throw invalidLink();
      const provider = resolveOAuthProvider(channel, deps.providers, deps.demoSimulatorOrigins);
      if (
        !(await deps.stateUses.claim({
          nonce: claims.nonce,
          channelId: channel.id,
          expiresAt: claims.expiresAt,
        }))
      )
        throw invalidLink();

      let tokens: OAuthTokenSet;
      try {
        tokens = await exchangeAuthorizationCode(
          provider,
          {
            code: input.code,
            redirectUri: redirectUriOf(provider, channel),
            codeVerifier: provider.pkce ? states.codeVerifier(claims.nonce) : undefined,
          },
          deps.fetch,
        );
      } catch (error) {
        if (error instanceof OAuthGrantRefusedError) throw connectionFailed(shorten(error.description));
        throw unavailable(channel.kind, error);
      }
      await storeTokens(channel, tokens, claims);
      return {
        channel_id: channel.id,
        store_id: channel.store_id,
        kind: channel.kind,
        name: channel.name,
        guest: claims.guest,
        ...(claims.hostedPageId
          ? { return_to: `${ROUTE_PATTERNS.hostedPagesRedirecting}?channel=${channel.id}` }
          : {}),
      };
    },

    async showWithoutAuth({ storeId, channelId }, state) {
      const claims = typeof state === 'string' && state ? await states.verify(state) : null;
      const channel = claims?.channelId === channelId ? await channelOfState(claims) : null;
      if (!channel || channel.store_id !== storeId) throw AppError.notFound();
      const store = await models.Store.findOne({ where: { id: channel.store_id } });
      if (!store) throw AppError.notFound();
      return {
        id: channel.id,
        name: channel.name,
        type: channel.type,
        provider: findCatalogueEntry(channel.type)?.name ?? channel.type,
        kind: channel.kind,
        store_name: store.name,
      };
    },
  };
}
