import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { ChannelKind } from '@syncdesk/contracts';

/** How long a consent link works: long enough to sign in at the provider, short enough not to linger. */
export const STATE_LIFETIME_SECONDS = 10 * 60;
/** A guest link travels by e-mail or chat to the account owner, who may open it hours later. */
export const GUEST_STATE_LIFETIME_SECONDS = 24 * 60 * 60;

/** What the `state` of a consent link vouches for when the provider sends the browser back. */
export interface OAuthStateClaims {
  channelId: number;
  kind: ChannelKind;
  companyId: number;
  storeId: number;
  /** Who asked for the link (for a guest link: the seller who shared it). */
  userId: number;
  /** Random, unique per link: what makes the state single use (oauth-state-use.model.ts). */
  nonce: string;
  guest: boolean;
  /** Started from a hosted page: that link's id (the callback checks the link is still live). */
  hostedPageId?: number | null;
  expiresAt: Date;
}

export interface OAuthStateSigner {
  sign(
    subject: Omit<OAuthStateClaims, 'nonce' | 'expiresAt'>,
  ): Promise<{ state: string; claims: OAuthStateClaims }>;
  /** The claims of a state this server signed and that has not expired; null for anything else. */
  verify(state: string): Promise<OAuthStateClaims | null>;
  /**
   * The PKCE code verifier of a link, derived from its nonce so nothing has to be stored between
   * the consent link and the callback (providers that require PKCE: Etsy).
   */
  codeVerifier(nonce: string): string;
}

const ISSUER = 'syncdesk';
// Its own audience, so a state can never pass for a bearer token or the other way round.
const AUDIENCE = 'syncdesk-oauth-state';
const KINDS: readonly ChannelKind[] = ['channel', 'accounting', 'plugin'];

const positiveInteger = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

/** Signed (HS256, jose), expiring `state` values; the secret is the flow's own (`oauth-state`). */
export function createOAuthStateSigner(secret: string): OAuthStateSigner {
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async sign(subject) {
      const nonce = randomBytes(18).toString('base64url');
      const issuedAt = Math.floor(Date.now() / 1000);
      const lifetime = subject.guest ? GUEST_STATE_LIFETIME_SECONDS : STATE_LIFETIME_SECONDS;
      const state = await new SignJWT({
        chn: subject.channelId,
        knd: subject.kind,
        cid: subject.companyId,
        sid: subject.storeId,
        gst: subject.guest,
        ...(subject.hostedPageId ? { hpg: subject.hostedPageId } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(subject.userId))
        .setJti(nonce)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetime)
        .sign(key);
      return { state, claims: { ...subject, nonce, expiresAt: new Date((issuedAt + lifetime) * 1000) } };
    },
    async verify(state) {
      try {
        const { payload } = await jwtVerify(state, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        const channelId = positiveInteger(payload.chn);
        const companyId = positiveInteger(payload.cid);
        const storeId = positiveInteger(payload.sid);
        const userId = positiveInteger(Number(payload.sub));
        const kind = KINDS.find((candidate) => candidate === payload.knd);
        if (!channelId || !companyId || !storeId || !userId || !kind || !payload.jti || !payload.exp)
          return null;
        return {
          channelId,
          kind,
          companyId,
          storeId,
          userId,
          nonce: payload.jti,
          guest: payload.gst === true,
          hostedPageId: positiveInteger(payload.hpg),
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch {
        // Bad signature, expired, another audience, not a JWT at all: all the same "invalid link".
        return null;
      }
    },
    codeVerifier(nonce) {
      return createHmac('sha256', key).update(`pkce:${nonce}`).digest('base64url');
    },
  };
}
