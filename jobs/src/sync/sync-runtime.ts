import { outboundUrlProblem } from '@syncdesk/integrations';
import { parseOAuthProviderSettings, type Services } from '@syncdesk/api';
import { discardingRecorder, type TransactionRecorder } from '@syncdesk/integrations';
import type { RateLimit } from '@syncdesk/contracts';
import { unlimitedBudget, type RateBudget } from '@syncdesk/integrations';

/** What every sync job shares in one process: the rate budgets, the record writer, the target rule. */
export interface SyncRuntime {
  budget: RateBudget;
  recorder: TransactionRecorder;
  /** Answers why our servers must not call `url`, or null when they may. */
  checkTarget(url: URL): Promise<string | null>;
  /** Public base url of our api (channel webhooks call back here). */
  appUrl: string;
  /** OAuth app credentials per channel type (`OAUTH_PROVIDERS_JSON`): token refresh, webhook signatures. */
  oauthApp(type: string): { clientId: string; clientSecret: string } | null;
  /** Limits the operator set for a channel type (`SYNC_RATE_LIMITS_JSON`): they replace the catalogue's. */
  limitOverrides(type: string): Readonly<Record<string, RateLimit>>;
}

export interface SyncRuntimeOptions {
  services: Services;
  /** Shared budgets (rate-limiter-flexible over SQL or Redis); unlimited when absent (tests of one connector). */
  budget?: RateBudget;
  recorder?: TransactionRecorder;
  /**
   * Origins that may be called even though they are private (the in-process demo simulators). The
   * deployment-wide switch (`allowPrivateTargets`) opens every private address; this opens only these.
   */
  allowedOrigins?: readonly string[];
  /** Channel type → operation → limit, replacing the catalogue's (a plan negotiated with a provider). */
  limitOverrides?: Readonly<Record<string, Readonly<Record<string, RateLimit>>>>;
}

export function createSyncRuntime(options: SyncRuntimeOptions): SyncRuntime {
  const { services } = options;
  const allowed = new Set(options.allowedOrigins ?? []);
  const apps = parseOAuthProviderSettings(services.oauth.providersJson);
  return {
    budget: options.budget ?? unlimitedBudget,
    recorder: options.recorder ?? discardingRecorder,
    appUrl: services.appUrl,
    async checkTarget(url) {
      if (allowed.has(url.origin)) return null;
      const problem = await outboundUrlProblem(url.toString(), {
        allowPrivateTargets: services.allowPrivateTargets,
      });
      if (!problem) return null;
      if (problem === 'privateTarget') {
        return `${url.host} is on a private or local network, which this deployment does not allow us to call.`;
      }
      if (problem === 'unresolved') return `${url.host} could not be found (DNS).`;
      return `${url.toString()} is not an address we can call.`;
    },
    limitOverrides: (type) => options.limitOverrides?.[type] ?? {},
    oauthApp(type) {
      const app = apps[type];
      return app ? { clientId: app.clientId, clientSecret: app.clientSecret } : null;
    },
  };
}
