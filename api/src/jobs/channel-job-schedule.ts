import { JOB_NAMES } from '@syncdesk/contracts';
import { providerFor } from '@syncdesk/integrations';
import type { Channel } from '../db/channel.models';
import type { Models } from '../db/models';
import { webhookRemovalJob, webhookSubscriptionJob } from '../modules/channel-webhooks/channel-webhook-jobs';
import type { RecurringJobScheduler } from './job-scheduler';

/**
 * Seconds between two order downloads when the channel uses the default. The catalogue gives rate
 * limits, not intervals; five minutes stays far inside every limit it lists (the tightest is one
 * get_orders call a minute) while webhooks, where the provider has them, bring orders at once.
 */
export const DEFAULT_GET_ORDERS_INTERVAL_S = 300;
/** Plugins report shipments and stock every minute unless their `updates_interval` says otherwise. */
export const DEFAULT_PLUGIN_UPDATES_INTERVAL_S = 60;
/** A seller-chosen interval below this would spend the budget on polling alone. */
export const MIN_INTERVAL_S = 30;
/** OAuth tokens are renewed this long before they expire. */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;

type ChannelRow = Pick<
  Channel,
  'id' | 'uuid' | 'kind' | 'type' | 'is_active' | 'settings' | 'credentials' | 'token_expires_at'
>;

export interface ChannelJobSchedule {
  /** Makes the channel's recurring jobs match its row (active or not, settings, token expiry). */
  sync(channel: ChannelRow): Promise<void>;
  /** The channel was switched on: its jobs start, and its own order webhooks are subscribed. */
  activated(channel: ChannelRow): Promise<void>;
  /**
   * The seller saved the channel's settings: its jobs follow them, and switching download_products
   * on for an active channel downloads its listings now (not at the next activation).
   */
  settingsSaved(channel: ChannelRow, before: Record<string, unknown>): Promise<void>;
  /** The channel row is gone: its jobs go, and its webhooks are removed at the provider. */
  removed(channel: ChannelRow): Promise<void>;
  /** At worker start: channels in the database get their jobs, jobs of missing or idle channels go. */
  reconcile(): Promise<{ channels: number; removed: number }>;
}

export interface ChannelJobScheduleOptions {
  jobs: RecurringJobScheduler;
  models: Pick<Models, 'Channel'>;
  /** Types whose provider sends us its own order webhooks; by default the registry's providers that declare them. */
  receivesWebhooks?: (type: string) => boolean;
}

const number = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
};

/**
 * The shortest interval the channel's provider allows between two order polls (its `orders_poll`
 * limit: Mirakl documents OR11 "once per minute" at most), or 0 when it sets none.
 */
export function providerPollSeconds(type: string | undefined): number {
  const limit = type ? providerFor(type)?.rateLimits?.orders_poll : undefined;
  return limit && limit.calls > 0 ? Math.ceil(limit.periodSeconds / limit.calls) : 0;
}

/** Seconds between `channels.get_orders` runs of a sales channel (never faster than its provider allows). */
export function getOrdersIntervalSeconds(settings: Record<string, unknown>, type?: string): number {
  const chosen =
    settings.use_default_get_orders_interval === false ? number(settings.get_orders_interval) : undefined;
  return Math.max(
    MIN_INTERVAL_S,
    providerPollSeconds(type),
    Math.round(chosen ?? DEFAULT_GET_ORDERS_INTERVAL_S),
  );
}

/** A channel with refetch_products downloads its listings again once a day (Mirakl allows a full export daily). */
export const REFETCH_PRODUCTS_INTERVAL_S = 24 * 60 * 60;

const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';
const downloadsProducts = (channel: ChannelRow) =>
  channel.kind === 'channel' && channel.is_active && isOn(channel.settings?.download_products);

/** Seconds between `plugins.get_updates` runs of a plugin. */
export function pluginUpdatesIntervalSeconds(settings: Record<string, unknown>): number {
  return Math.max(
    MIN_INTERVAL_S,
    Math.round(number(settings.updates_interval) ?? DEFAULT_PLUGIN_UPDATES_INTERVAL_S),
  );
}

const importsOrders = (channel: ChannelRow) =>
  channel.kind === 'channel' && channel.is_active && channel.settings?.get_orders !== false;

/** One recurring row per channel and job, whatever one-off jobs of the same name exist beside it. */
const recurring = (key: 'channelId' | 'pluginId', id: number) => ({ [key]: id, recurring: true });

export function createChannelJobSchedule(options: ChannelJobScheduleOptions): ChannelJobSchedule {
  const { jobs, models } = options;
  const receivesWebhooks =
    options.receivesWebhooks ?? ((type: string) => providerFor(type)?.webhooks !== undefined);

  async function syncOrders(channel: ChannelRow) {
    const data = { channelId: channel.id };
    if (importsOrders(channel)) {
      await jobs.every(
        JOB_NAMES.getOrders,
        data,
        getOrdersIntervalSeconds(channel.settings ?? {}, channel.type),
        recurring('channelId', channel.id),
      );
    } else {
      // Pending one-off imports (webhooks, retries) of a channel that stopped importing go too.
      await jobs.cancel(JOB_NAMES.getOrders, data);
    }
  }

  /** The daily re-download of refetch_products; its row carries `refetch` so one-off runs are left alone. */
  async function syncProductRefetch(channel: ChannelRow) {
    const data = { channelId: channel.id, refetch: true };
    if (downloadsProducts(channel) && isOn(channel.settings?.refetch_products)) {
      await jobs.every(JOB_NAMES.getProducts, data, REFETCH_PRODUCTS_INTERVAL_S, {
        ...data,
        recurring: true,
      });
    } else {
      await jobs.cancel(JOB_NAMES.getProducts, data);
    }
  }

  async function syncPluginUpdates(channel: ChannelRow) {
    const data = { pluginId: channel.id };
    if (channel.kind === 'plugin' && channel.is_active) {
      await jobs.every(
        JOB_NAMES.pluginUpdates,
        data,
        pluginUpdatesIntervalSeconds(channel.settings ?? {}),
        recurring('pluginId', channel.id),
      );
    } else {
      await jobs.cancel(JOB_NAMES.pluginUpdates, data);
    }
  }

  async function syncTokenRefresh(channel: ChannelRow) {
    const data = { channelId: channel.id };
    if (!channel.is_active || !channel.token_expires_at) {
      await jobs.cancel(JOB_NAMES.refreshTokens, data);
      return;
    }
    const due = new Date(channel.token_expires_at.getTime() - REFRESH_BEFORE_EXPIRY_MS);
    // Already planned, or already tried, for this expiry: a dead refresh token is not retried
    // on every sync (each run may notify the seller); the next expiry or a reconnect moves it.
    const stored = await jobs.find(JOB_NAMES.refreshTokens, data);
    const covered = stored.some((job) => {
      const at = job.nextRunAt ?? job.lastRunAt;
      return at !== undefined && at !== null && Math.abs(at.getTime() - due.getTime()) < 1000;
    });
    if (covered) return;
    const tried = stored.some((job) => job.lastRunAt && job.lastRunAt.getTime() >= due.getTime());
    if (tried) return;
    await jobs.at(JOB_NAMES.refreshTokens, data, due, recurring('channelId', channel.id));
  }

  const schedule: ChannelJobSchedule = {
    async sync(channel) {
      if (channel.kind === 'plugin') {
        await syncPluginUpdates(channel);
        return;
      }
      await syncOrders(channel);
      await syncProductRefetch(channel);
      await syncTokenRefresh(channel);
    },

    async activated(channel) {
      await schedule.sync(channel);
      // download_products: a newly active channel's listings come in at once, so its stock can be pushed.
      if (downloadsProducts(channel) && !isOn(channel.settings?.refetch_products)) {
        await jobs.enqueue(JOB_NAMES.getProducts, { channelId: channel.id });
      }
      if (channel.kind === 'channel' && channel.is_active && receivesWebhooks(channel.type)) {
        await jobs.enqueue(JOB_NAMES.channelWebhooks, webhookSubscriptionJob(channel));
      }
    },

    async settingsSaved(channel, before) {
      await schedule.sync(channel);
      if (downloadsProducts(channel) && !isOn(before.download_products)) {
        await jobs.enqueue(JOB_NAMES.getProducts, { channelId: channel.id });
      }
    },

    async removed(channel) {
      const gone = { ...channel, is_active: false };
      await schedule.sync(gone);
      if (channel.kind === 'channel' && receivesWebhooks(channel.type)) {
        await jobs.enqueue(JOB_NAMES.channelWebhooks, webhookRemovalJob(channel));
      }
    },

    async reconcile() {
      const channels = await models.Channel.findAll();
      for (const channel of channels) {
        await schedule.sync(channel);
        // A download a dead worker left midway would wait for its next interval (its next run was
        // moved when it started); one right away catches up. The import is idempotent.
        if (importsOrders(channel)) await jobs.enqueue(JOB_NAMES.getOrders, { channelId: channel.id });
      }
      // Jobs of channels whose rows are gone (deleted while no worker ran, or by hand).
      const known = new Set(channels.map((channel) => channel.id));
      let removed = 0;
      for (const name of [JOB_NAMES.getOrders, JOB_NAMES.refreshTokens] as const) {
        for (const job of await jobs.find(name)) {
          const id = (job.data as { channelId?: unknown } | null)?.channelId;
          if (typeof id === 'number' && !known.has(id)) removed += await jobs.cancel(name, { channelId: id });
        }
      }
      for (const job of await jobs.find(JOB_NAMES.pluginUpdates)) {
        const id = (job.data as { pluginId?: unknown } | null)?.pluginId;
        if (typeof id === 'number' && !known.has(id)) {
          removed += await jobs.cancel(JOB_NAMES.pluginUpdates, { pluginId: id });
        }
      }
      return { channels: channels.length, removed };
    },
  };
  return schedule;
}
