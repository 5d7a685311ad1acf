import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { AppError } from '../../http/app-error';

/** What a bearer token says: who, for which company, and its own id (for revocation). */
export interface TokenClaims {
  userId: number;
  companyId: number;
  tokenId: string;
  expiresAt: Date;
  /** The account's session epoch when the token was signed (tokens from before the claim: 0). */
  sessionEpoch: number;
}

export interface SignedToken {
  token: string;
  claims: TokenClaims;
}

const ISSUER = 'syncdesk';
const AUDIENCE = 'syncdesk-api';
const ALGORITHMS = ['HS256'];
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export interface TokenService {
  sign(
    subject: { userId: number; companyId: number; sessionEpoch?: number },
    lifetimeSeconds?: number,
  ): Promise<SignedToken>;
  /** Verifies signature, algorithm, issuer, audience and expiry; throws a 401 AppError otherwise. */
  verify(token: string): Promise<TokenClaims>;
}

/**
 * JWT bearer tokens (HS256 only: `alg: none` and every other algorithm are refused). The key is
 * imported once; jose re-imports a raw secret on every call, which doubled verification cost here.
 */
export function createTokenService(secret: string): TokenService {
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async sign(subject, lifetimeSeconds = TOKEN_LIFETIME_SECONDS) {
      const tokenId = randomUUID();
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = new Date((issuedAt + lifetimeSeconds) * 1000);
      const sessionEpoch = subject.sessionEpoch ?? 0;
      const token = await new SignJWT({ cid: subject.companyId, sep: sessionEpoch })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(subject.userId))
        .setJti(tokenId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(key);
      return {
        token,
        claims: { userId: subject.userId, companyId: subject.companyId, tokenId, expiresAt, sessionEpoch },
      };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ALGORITHMS,
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        const userId = Number(payload.sub);
        const companyId = Number(payload.cid);
        const sessionEpoch = payload.sep === undefined ? 0 : Number(payload.sep);
        if (
          !Number.isInteger(userId) ||
          !Number.isInteger(companyId) ||
          !Number.isInteger(sessionEpoch) ||
          !payload.jti ||
          !payload.exp
        ) {
          throw new Error('claims');
        }
        return {
          userId,
          companyId,
          tokenId: payload.jti,
          expiresAt: new Date(payload.exp * 1000),
          sessionEpoch,
        };
      } catch (error) {
        const message =
          error instanceof joseErrors.JWTExpired ? 'Your session has expired.' : 'Unauthenticated.';
        throw new AppError('unauthenticated', message);
      }
    },
  };
}
