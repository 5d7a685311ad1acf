/**
 * What just changed about who may do what. Every api replica drops the cached scopes the change
 * touches and re-checks the open sockets it concerns, so a revoked token, a removed member, an
 * edited role or IP rule takes effect everywhere within a second.
 *
 * - `token`: one bearer token ended (sign-out, company switch once its grace is over).
 * - `user`: the account's sessions or memberships changed (password, removal from a company, role
 *   assignment, administrator flag).
 * - `company`: something every member's scope reads changed (role permissions, IP rules, stores,
 *   shares, the company's active state).
 * - `all`: a bulk write whose rows can't be told apart (rare: deleting a company or a store).
 */
export type AuthorityChange =
  | { kind: 'token'; tokenId: string }
  | { kind: 'user'; userId: number }
  | { kind: 'company'; companyId: number }
  | { kind: 'all' };

/** Whether a change concerns a session of this user, in this company, with this token. */
export function concerns(
  change: AuthorityChange,
  session: { tokenId: string; userId: number; companyId: number },
): boolean {
  switch (change.kind) {
    case 'token':
      return change.tokenId === session.tokenId;
    case 'user':
      return change.userId === session.userId;
    case 'company':
      return change.companyId === session.companyId;
    case 'all':
      return true;
  }
}

export interface AuthorityChanges {
  /** Announces a change to every replica (and this one). Call it after the change is committed. */
  changed(change: AuthorityChange): void;
}
