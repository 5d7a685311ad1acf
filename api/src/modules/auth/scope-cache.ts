/**
 * Memory of what bearer tokens and grants resolved to, so an authenticated request costs no
 * database reads. Correctness rests on the authority bus: every change of a token, a user or a
 * company drops the entries it touches on every replica within moments (`forget`). The time limit
 * is only a safety net for a lost bus message (Redis down), never the mechanism.
 */
export const SCOPE_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface Entry<V> {
  value: V;
  storedAt: number;
}

/** A bounded map whose loads are shared by concurrent misses and refused when a change raced them. */
class LoadingMap<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V | null>>();
  /** Raised by every forget: a load that started before it may have read what it forgets. */
  private generation = 0;

  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.storedAt < SCOPE_CACHE_TTL_MS) return entry.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const startedAt = this.generation;
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        // Nothing negative is kept (a stranger's random tokens must not fill memory), and nothing
        // read before a change that arrived meanwhile.
        if (value !== null && this.generation === startedAt) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  forget(predicate: (value: V) => boolean): void {
    this.generation += 1;
    // Loads in flight may hold the old state: the next caller must not join them.
    this.loading.clear();
    for (const [key, entry] of this.entries) if (predicate(entry.value)) this.entries.delete(key);
  }

  private store(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: Date.now() });
    if (this.entries.size > MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

export interface ScopeCache<TokenValue, GrantValue> {
  token(bearer: string, load: () => Promise<TokenValue | null>): Promise<TokenValue | null>;
  grant(key: string, load: () => Promise<GrantValue | null>): Promise<GrantValue | null>;
  dropToken(bearer: string): void;
  forget(predicate: (value: TokenValue) => boolean): void;
  forgetGrants(predicate: (value: GrantValue) => boolean): void;
}

export function createScopeCache<TokenValue, GrantValue>(): ScopeCache<TokenValue, GrantValue> {
  const tokens = new LoadingMap<TokenValue>();
  const grants = new LoadingMap<GrantValue>();
  return {
    token: (bearer, load) => tokens.get(bearer, load),
    grant: (key, load) => grants.get(key, load),
    dropToken: (bearer) => tokens.delete(bearer),
    forget: (predicate) => tokens.forget(predicate),
    forgetGrants: (predicate) => grants.forget(predicate),
  };
}
