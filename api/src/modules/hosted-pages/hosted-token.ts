import { createSecretToken, hashSecretToken } from '../auth/secret-token';

/**
 * Hosted-page bearer tokens: `hp_` and 256 random bits (base64url). The prefix keeps them apart
 * from JWTs and user API tokens (`sd_`) at a glance: neither kind of authentication accepts the
 * other's, and a hosted token opens the hosted routes only.
 */
export const HOSTED_TOKEN_PREFIX = 'hp_';

const HOSTED_TOKEN = /^hp_[A-Za-z0-9_-]{43}$/;

export function createHostedToken(): { token: string; hash: string } {
  return createSecretToken(HOSTED_TOKEN_PREFIX);
}

/** Shaped like a hosted token (says nothing about whether it opens anything). */
export function looksLikeHostedToken(value: string): boolean {
  return HOSTED_TOKEN.test(value);
}

export const hashHostedToken = hashSecretToken;

/** The cipher context of a link's token copy: a blob moved onto another row won't open. */
export const hostedTokenContext = (link: { uuid: string }) => `hosted-page:${link.uuid}`;

/** How a hosted-page visitor is named in activities ('Hosted page “Etsy sellers”'). */
export const hostedActorName = (linkName: string) => `Hosted page “${linkName}”`;
