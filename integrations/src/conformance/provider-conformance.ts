import type { RateLimit } from '@syncdesk/contracts';
import { ConnectorError, type ChannelConnector, type ListingsPage, type PluginConnector } from '../connector';
import { explainProviderOf, explainRecord } from '../explain/explain-record';
import type { Provider } from '../provider';
import type { SimulatedAccount } from '../simulators/provider-simulator';
import { createChannelHttp } from '../transport/channel-http';
import type { RateBudget } from '../transport/rate-budget';
import { unlimitedBudget } from '../transport/rate-budget';
import { memoryRecorder, type TransactionRecordInput } from '../transport/transaction-record';
import { busiestWindow, countingBudget } from './counting-budget';

/** Every operation a connector may name, each held to the same small budget in the budget case. */
const OPERATIONS = [
  'get_orders',
  'get_products',
  'update_stock',
  'update_fulfillment',
  'sync_orders',
  'auth',
  'other',
];
const BUDGET: RateLimit = { calls: 3, periodSeconds: 1 };

type Connector = ChannelConnector | PluginConnector;

interface Built {
  connector: Connector;
  records: TransactionRecordInput[];
}

/** What one page of the download gave: remote ids, the next cursor, the watermark. */
interface Page {
  ids: string[];
  next: string | null;
  watermark: Date | null;
}

/**
 * The behaviour every provider with a connector must show against its own simulator, over real
 * HTTP and our real transport (like Agenda's shared backend suite). A part the provider declares
 * absent (no webhooks, credentials that do not expire, no explainer) is skipped with the reason in
 * the test's name, never silently.
 */
export function describeProviderConformance(provider: Provider): void {
  const { simulator, connector: createConnector } = provider;
  if (!createConnector || !simulator) {
    const reason = !createConnector ? 'it has no connector yet (not synchronised)' : 'it has no simulator';
    describe(`${provider.type} (${provider.kind})`, () => {
      it.skip(`conformance — skipped: ${reason}`, () => undefined);
    });
    return;
  }

  describe(`${provider.type} (${provider.kind}) against its simulator`, () => {
    let account: SimulatedAccount;

    beforeEach(async () => {
      account = await simulator.start();
    });
    afterEach(() => account.close());

    const build = (
      options: { budget?: RateBudget; limits?: Record<string, RateLimit>; maxAttempts?: number } = {},
    ): Built => {
      const recorder = memoryRecorder();
      const { connection } = account;
      const http = createChannelHttp({
        connection: {
          id: connection.id,
          companyId: 1,
          storeId: 1,
          kind: connection.kind,
          provider: connection.name,
        },
        jobType: connection.kind === 'plugin' ? 'get_updates' : 'get_orders',
        limits: options.limits ?? {},
        budget: options.budget ?? unlimitedBudget,
        recorder,
        checkTarget: async () => null,
        secrets: Object.values(connection.credentials),
        timeoutMs: 15_000,
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      });
      const context = { connection, http, ...(account.app ? { app: account.app } : {}) };
      return { connector: createConnector(context as never), records: recorder.records };
    };

    /** One page of the download: orders of a sales channel, shipments of a plugin. */
    const page = async (connector: Connector, since: Date | null, cursor: string | null): Promise<Page> => {
      if ('listShipments' in connector) {
        const read = await connector.listShipments(since, cursor);
        return {
          ids: read.shipments.map((shipment) => shipment.remoteId),
          next: read.next,
          watermark: read.watermark,
        };
      }
      if (!connector.listOrders) throw new Error(`${provider.type} downloads no orders`);
      const read = await connector.listOrders(since, cursor);
      return {
        ids: read.orders.map((order) => String(order.remote_id)),
        next: read.next,
        watermark: read.watermark,
      };
    };
    const downloadAll = async (connector: Connector, since: Date | null) => {
      const pages: Page[] = [];
      let cursor: string | null = null;
      do {
        const read = await page(connector, since, cursor);
        pages.push(read);
        cursor = read.next;
      } while (cursor !== null && pages.length < 50);
      const watermark = pages.reduce<Date | null>(
        (newest, read) => (read.watermark && (!newest || read.watermark > newest) ? read.watermark : newest),
        null,
      );
      return { pages, ids: pages.flatMap((read) => read.ids), watermark };
    };
    const failureOf = async (promise: Promise<unknown>): Promise<ConnectorError> => {
      try {
        await promise;
      } catch (error) {
        if (error instanceof ConnectorError) return error;
        throw error;
      }
      throw new Error('the call succeeded');
    };
    const explained = (record: TransactionRecordInput) =>
      explainRecord({
        provider: explainProviderOf(account.connection.type),
        httpStatus: record.httpStatus,
        errorCode: record.errorCode ?? null,
        message: record.message,
        responseBody: record.responseBody,
        type: record.type,
      });
    const lastFailed = (records: TransactionRecordInput[]) => {
      const failed = records.filter((record) => record.status === 4);
      expect(failed.length).toBeGreaterThan(0);
      return failed.at(-1)!;
    };

    it('declares what it has, and its simulator can play each declared part', async () => {
      const { connector } = build();
      const refreshes = 'capabilities' in connector && connector.capabilities.has('refreshToken');
      expect({
        tokenRefresh: Boolean(provider.tokenRefresh),
        connector: refreshes,
        simulator: Boolean(account.tokens),
      }).toEqual({
        tokenRefresh: refreshes,
        connector: refreshes,
        simulator: refreshes,
      });
      expect(Boolean(account.nextWebhook)).toBe(Boolean(provider.webhooks));
      if ('capabilities' in connector)
        expect(connector.capabilities.has('webhooks')).toBe(Boolean(provider.webhooks));
    });

    it('pages to the end without gaps or repeats, and a download from the watermark misses nothing new', async () => {
      const { connector } = build();
      const first = await account.addChanges(account.pageSize + 15);
      const one = await downloadAll(connector, null);
      expect(one.pages.length).toBeGreaterThan(1);
      expect(new Set(one.ids).size).toBe(one.ids.length);
      expect(one.ids).toEqual(expect.arrayContaining(first));
      expect(one.watermark).not.toBeNull();

      // Changes made after the first download, read from its watermark (the overlap may re-read a
      // few old ones, which the import takes as updates; it must never skip a new one).
      const later = await account.addChanges(5);
      const two = await downloadAll(connector, one.watermark);
      expect(new Set(two.ids).size).toBe(two.ids.length);
      expect(two.ids).toEqual(expect.arrayContaining(later));
    });

    const productsCase =
      'a product download pages to the end, each listing once, coming back when told the export is still running';
    const listsProducts = provider.capabilities.includes('products_in');
    if (!listsProducts) {
      it.skip(`${productsCase} — skipped: ${provider.type} downloads no products`, () => undefined);
    } else if (!simulator.addsListings) {
      it.skip(`${productsCase} — skipped: ${provider.type}'s simulator cannot add listings yet`, () =>
        undefined);
    } else {
      it(productsCase, async () => {
        const { connector } = build();
        expect('capabilities' in connector && connector.capabilities.has('listProducts')).toBe(true);
        const channel = connector as ChannelConnector;
        const added = await account.addListings!(account.pageSize + 5);
        const skus: string[] = [];
        let cursor: string | null = null;
        let reads = 0;
        do {
          const read: ListingsPage = await channel.listProducts!(cursor);
          reads += 1;
          skus.push(...read.listings.map((listing) => listing.sku));
          if (read.listings.length === 0 && read.next !== null) {
            // The provider asked for a wait; the suite keeps it short (its simulator's windows are too).
            await new Promise((resolve) => setTimeout(resolve, Math.min(read.retryAfterMs ?? 0, 1_000)));
          }
          cursor = read.next;
        } while (cursor !== null && reads < 100);
        expect(cursor).toBeNull();
        expect(new Set(skus).size).toBe(skus.length);
        expect(skus).toEqual(expect.arrayContaining(added));
      });
    }

    it('a 401 is an authorisation error, recorded and explained as credentials to fix', async () => {
      const { connector, records } = build();
      account.fail({ status: 401 });
      const error = await failureOf(page(connector, null, null));
      expect(error.kind).toBe('auth');
      const record = lastFailed(records);
      expect(record.httpStatus).toBe(401);
      // Reconnect (OAuth) or new credentials in the settings (an API key): the seller's move either way.
      expect(['reconnect', 'settings']).toContain(explained(record).action);
    });

    const tokensCase = 'an expired token: every caller sees token_expired, one refresh serves them all';
    if (!provider.tokenRefresh) {
      it.skip(`${tokensCase} — skipped: ${provider.type} credentials do not expire (no token refresh)`, () =>
        undefined);
    } else {
      it(tokensCase, async () => {
        const tokens = account.tokens;
        expect(tokens).toBeDefined();
        tokens!.expire();
        const callers = Array.from({ length: 3 }, () => build().connector);
        const errors = await Promise.all(callers.map((connector) => failureOf(page(connector, null, null))));
        // The engine refreshes once for all of them (jobs claim the refresh per channel) …
        expect(errors.map((error) => error.kind)).toEqual([
          'token_expired',
          'token_expired',
          'token_expired',
        ]);
        const refresher = callers[0] as ChannelConnector;
        const grant = await refresher.refreshToken!();
        expect(tokens!.refreshes()).toBe(1);
        // … because a refresh token is good once: a second refresh by another caller is refused.
        const again = await failureOf((callers[1] as ChannelConnector).refreshToken!());
        expect(['token_expired', 'auth']).toContain(again.kind);
        expect(tokens!.refreshes()).toBe(1);
        // Every caller works again with what the one refresh stored.
        Object.assign(account.connection, {
          credentials: { ...account.connection.credentials, ...grant.credentials },
          tokenExpiresAt: grant.expiresAt,
        });
        const renewed = Array.from({ length: 3 }, () => build().connector);
        for (const read of await Promise.all(renewed.map((connector) => page(connector, null, null)))) {
          expect(Array.isArray(read.ids)).toBe(true);
        }
      });
    }

    it('a 429 waits out its retry hint, and no call goes out without budget or over it', async () => {
      const budget = countingBudget();
      // The provider's own operations too (Mirakl's once-a-minute order poll): every call is budgeted.
      const operations = [...new Set([...OPERATIONS, ...Object.keys(provider.rateLimits ?? {})])];
      const limits = Object.fromEntries(operations.map((operation) => [operation, BUDGET]));
      const { connector, records } = build({ budget, limits });
      await account.addChanges(3);
      account.fail({ status: 429 });
      const before = account.calls().length;
      await page(connector, null, null);
      const calls = account.calls().slice(before);
      expect(calls.length).toBeGreaterThanOrEqual(2);
      // Every simulator hint is at least one second; the retry came no sooner (small clock slack).
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
      expect(records.at(-1)).toMatchObject({ status: 2, attempts: 2 });

      // Many callers at once: each call took budget, and no window held more than the budget.
      const many = Array.from({ length: 4 }, () => build({ budget, limits }).connector);
      const start = account.calls().length;
      const grantsBefore = budget.granted.length;
      await Promise.all(many.map((other) => page(other, null, null)));
      expect(account.calls().length - start).toBe(budget.granted.length - grantsBefore);
      for (const operation of operations) {
        const times = budget.granted
          .filter((grant) => grant.operation === operation)
          .map((grant) => grant.at);
        expect(busiestWindow(times, BUDGET.periodSeconds * 1000)).toBeLessThanOrEqual(BUDGET.calls);
      }
    });

    it('5xx answers become a failed record with an explanation once the read’s retries are spent', async () => {
      const { connector, records } = build({ maxAttempts: 2 });
      account.fail({ status: 503, count: 2 });
      const error = await failureOf(page(connector, null, null));
      expect(error.kind).toBe('server');
      const record = lastFailed(records);
      expect(record).toMatchObject({ httpStatus: 503, attempts: 2 });
      const explanation = explained(record);
      expect(explanation.action).toBe('provider');
      expect(explanation.cause).not.toBe('');
    });

    it('a malformed body becomes a failed record with an explanation', async () => {
      const { connector, records } = build();
      account.fail({ status: 500, mode: 'malformed' });
      const error = await failureOf(page(connector, null, null));
      expect(error.kind).toBe('malformed');
      const record = lastFailed(records);
      expect(record.errorCode).toBe('malformed');
      const explanation = explained(record);
      expect(explanation.cause).not.toBe('');
      expect(explanation.action).not.toBe('none');
    });

    const webhookCase = 'an inbound webhook from the simulator is verified and read; a forged one is refused';
    const { webhooks } = provider;
    if (!webhooks) {
      it.skip(`${webhookCase} — skipped: ${provider.type} sends no webhooks (it is polled)`, () => undefined);
    } else {
      it(webhookCase, async () => {
        expect(account.nextWebhook).toBeDefined();
        expect(account.app).toBeDefined();
        const secret = account.app!.clientSecret;
        const delivery = await account.nextWebhook!();
        expect(webhooks.verify(delivery, secret)).toBe(true);
        const read = webhooks.parse(delivery, { settings: account.connection.settings });
        expect(read).toMatchObject({ kind: 'order', remoteId: expect.any(String) });

        const tampered = { ...delivery, rawBody: Buffer.concat([delivery.rawBody, Buffer.from(' ')]) };
        expect(webhooks.verify(tampered, secret)).toBe(false);
        expect(webhooks.verify(delivery, `${secret}-not-ours`)).toBe(false);
        expect(webhooks.verify({ ...delivery, headers: {} }, secret)).toBe(false);
      });
    }

    const explainCase = 'every error the simulator can produce is explained in the provider’s own words';
    const { explainer } = provider;
    if (!explainer) {
      it.skip(`${explainCase} — skipped: ${provider.type} has no explainer (the generic one speaks for it)`, () =>
        undefined);
    } else {
      it(explainCase, async () => {
        expect(explainProviderOf(account.connection.type)).toBe(provider.type);
        const produced: TransactionRecordInput[] = [];
        for (const status of [401, 429, 500, 503] as const) {
          const { connector, records } = build({ maxAttempts: 1 });
          account.fail({ status });
          await failureOf(page(connector, null, null));
          produced.push(lastFailed(records));
        }
        const samples = [
          ...produced.map((record) => ({
            httpStatus: record.httpStatus,
            errorCode: record.errorCode ?? null,
            message: record.message,
            responseBody: record.responseBody,
          })),
          ...account.errors(),
        ];
        const names = [explainer.voice.name, explainer.voice.inSentence];
        for (const sample of samples) {
          const explanation = explainRecord({ ...sample, provider: provider.type, type: 'get_orders' });
          const said = `${explanation.cause} ${explanation.fix}`;
          // In the provider's words, never the catch-all for an answer nobody understood.
          expect({ sample, named: names.some((name) => said.includes(name)) }).toEqual({
            sample,
            named: true,
          });
          expect(explanation.cause).not.toMatch(/answered, but the call did not complete/);
        }
      });
    }
  });
}
