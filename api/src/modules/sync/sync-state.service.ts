import { literal, Op } from 'sequelize';
import {
  FULFILMENT_STATUS,
  PRODUCT_SYNC_STATUS,
  rooms,
  type ConnectionSyncHealthDto,
} from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { ChannelSyncState } from '../../db/sync.models';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { CoreServices } from '../../services';
import type { NotificationService } from '../notifications/notification.service';
import { findReachableStore } from '../stores/store-access';
import { stuckSendsOf, type StuckSends } from '../../flows/outbound-claims/outbound-claims';
import { nextScheduledOrdersRun } from './scheduled-orders-run';
import { getOrdersIntervalSeconds, isPolled, lagSeconds, nextRunAt } from './sync-lag';
import {
  channelManagers,
  channelPagePath,
  connectionNounOf,
  syncNotice,
  type NoticeKind,
} from './sync-notices';

/** What went wrong in a run, as connectors say it (ConnectorError's kind and message). */
export interface RunError {
  kind: string;
  message: string;
}

/** More than this long in errors without one success and the channel is switched off (spec §9). */
export const DEACTIVATE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Kept on the row; a provider's error page can be long. */
const LAST_ERROR_MAX = 2000;

/** How often a channel no provider synchronises says so in the transaction records. */
export const NOT_SYNCHRONISED_NOTE_EVERY_MS = 24 * 60 * 60 * 1000;

/** A refresh claim older than this was left by a crashed job and may be taken over. */
export const TOKEN_REFRESH_CLAIM_MS = 60_000;

/**
 * How each channel (and plugin) is keeping up: the orders watermark the download resumes from, the
 * run of consecutive errors (which raises the token and authentication notices once, and switches
 * the channel off after more than 24 hours), and the figures of its sync lag. Job runs write it;
 * the channel page and the dashboard read it.
 */
export interface SyncStateService {
  /** Orders changed up to here are stored (null: never downloaded). */
  watermarkOf(channelId: number): Promise<Date | null>;
  /**
   * True for the one caller that should write today's "not synchronised yet" note for the channel
   * (none was written in the last 24 hours); false for every other caller that day.
   */
  claimNotSynchronisedNote(channelId: number, at?: Date): Promise<boolean>;
  /** Moves the watermark forward to `to`; an older value (an overlapping run) changes nothing. */
  advanceWatermark(channelId: number, to: Date): Promise<void>;
  /**
   * A complete order download that began at `startedAt` ended: every change before it is imported,
   * so announced changes older than it are no longer lag.
   */
  ordersChecked(channelId: number, startedAt: Date): Promise<void>;
  /** A channel webhook announced a change at `changedAt` that is not imported yet (keeps the oldest). */
  noteUnimported(channelId: number, changedAt: Date): Promise<void>;
  /**
   * Orders a webhook named were imported by a run that began at `startedAt`. Announced changes up to
   * then stop counting as lag. Approximate on purpose: a change of another order announced just
   * before is in a run of its own, queued at once, so it is only not counted for that run's duration.
   */
  clearUnimported(channelId: number, startedAt: Date): Promise<void>;
  runSucceeded(channelId: number, at?: Date): Promise<void>;
  /**
   * Counts the error; raises the token-expired (warning) or authentication (error) notice once per
   * run of errors; after more than 24 hours of consecutive errors switches the channel off and says so.
   */
  runFailed(channelId: number, error: RunError, at?: Date): Promise<void>;
  /**
   * Claims the channel's token refresh for this caller; false while another job holds a fresh claim.
   * A conditional UPDATE, so two workers never both win.
   */
  claimTokenRefresh(channelId: number, at?: Date): Promise<boolean>;
  releaseTokenRefresh(channelId: number): Promise<void>;
  /**
   * Takes one of the channel's runs that must not overlap (the download of its webhook inbox) for
   * this job. False: another run holds it; a claim older than `staleMs` was left
   * by a dead run and is taken over.
   */
  claimRun(channelId: number, run: ExclusiveRun, staleMs: number, at?: Date): Promise<boolean>;
  releaseRun(channelId: number, run: ExclusiveRun): Promise<void>;
  /** Whether some job holds a fresh refresh claim (the others wait for it). */
  tokenRefreshClaimed(channelId: number, at?: Date): Promise<boolean>;
  /** A channel or plugin of a store the caller reaches; anything else is 404. */
  health(scope: RequestScope, storeId: number, channelId: number): Promise<ConnectionSyncHealthDto>;
  /** The active connection furthest behind among the company's own stores (the dashboard), or null. */
  worst(scope: RequestScope): Promise<ConnectionSyncHealthDto | null>;
}

/**
 * Runs of a channel one worker at a time does (the others leave it to the one holding the claim).
 * The stock push is not one: each listing is claimed by its lease (flows/outbound-claims), and the
 * `stock_push_claimed_at` column it once used is no longer written.
 */
export type ExclusiveRun = 'inbox';
const RUN_COLUMNS = { inbox: 'inbox_claimed_at' } as const;

export interface SyncStateServices {
  syncState: SyncStateService;
}

const INVENTORY_LEVEL_PENDING = PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value;
const FULFILMENTS_WAITING = [
  FULFILMENT_STATUS.byKey('awaiting_send').value,
  FULFILMENT_STATUS.byKey('pending_sync').value,
];

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function createSyncStateService(
  core: CoreServices,
  deps: {
    notifications: NotificationService;
    clock?: () => Date;
    /** Stops the channel's recurring jobs (the job schedule); without it they run and skip the inactive channel. */
    onDeactivated?: (channelId: number) => Promise<void>;
  },
): SyncStateService {
  const { models } = core;
  const { ChannelSyncState: States } = models;
  const clock = deps.clock ?? (() => new Date());

  /** The channel's row, made on first use; a concurrent maker's insert is simply ignored. */
  async function stateOf(channelId: number): Promise<ChannelSyncState> {
    const found = await States.findByPk(channelId);
    if (found) return found;
    await States.bulkCreate([{ channel_id: channelId }], { ignoreDuplicates: true });
    return (await States.findByPk(channelId))!;
  }

  function changed(channel: Pick<Channel, 'store_id' | 'id'>) {
    core.publish({
      name: 'sync:changed',
      rooms: [rooms.store(channel.store_id)],
      payload: { storeId: channel.store_id, channelId: channel.id },
    });
  }

  async function publishFor(channelId: number) {
    const channel = await models.Channel.findByPk(channelId, { attributes: ['id', 'store_id'] });
    if (channel) changed(channel);
  }

  async function notifyManagers(channel: Channel, kind: NoticeKind, lastError: string | null) {
    const notice = syncNotice(kind, channel.name, lastError, connectionNounOf(channel));
    const link = channelPagePath(channel);
    for (const userId of await channelManagers(models, channel.company_id)) {
      await deps.notifications.notify({ userId, companyId: channel.company_id, link, ...notice });
    }
  }

  /**
   * Marks `kind` as told for the current run of errors; true for the one caller that marked it.
   * Compare-and-set on the whole list, so two failing runs at once raise the notice once.
   */
  async function markNotified(state: ChannelSyncState, kind: NoticeKind): Promise<boolean> {
    const told = state.notified_kinds ? state.notified_kinds.split(',') : [];
    if (told.includes(kind)) return false;
    const [updated] = await States.update(
      { notified_kinds: [...told, kind].join(',') },
      { where: { channel_id: state.channel_id, notified_kinds: state.notified_kinds } },
    );
    return updated === 1;
  }

  async function clearUnimportedUpTo(channelId: number, upTo: Date): Promise<boolean> {
    const [cleared] = await States.update(
      { oldest_unimported_at: null },
      { where: { channel_id: channelId, oldest_unimported_at: { [Op.lte]: upTo } } },
    );
    return cleared > 0;
  }

  const noticeOf = (kind: string): NoticeKind | null =>
    kind === 'token_expired' ? 'token_expired' : kind === 'auth' ? 'auth' : null;

  /** The orders lag, or how long the oldest stuck send has been stuck if that is longer. */
  const lagWithStuck = (ordersLag: number, stuck: StuckSends | undefined, now: Date) =>
    Math.max(ordersLag, stuck ? Math.max(0, Math.round((now.getTime() - stuck.since.getTime()) / 1000)) : 0);

  async function toHealth(channel: Channel, state: ChannelSyncState | null, now: Date) {
    const polledEvery = isPolled(channel)
      ? getOrdersIntervalSeconds(channel.settings ?? {}, channel.type)
      : null;
    const stuck = (await stuckSendsOf(models, [channel.id], now)).get(channel.id);
    const [pendingStock, pendingFulfilments, scheduled] = await Promise.all([
      models.ChannelProduct.count({
        where: { channel_id: channel.id, sync_status: INVENTORY_LEVEL_PENDING },
      }),
      models.OrderFulfillment.count({
        where: {
          sync_status: FULFILMENTS_WAITING,
          // channel.id is our own integer, never caller input.
          order_id: { [Op.in]: literal(`(SELECT id FROM orders WHERE channel_id = ${Number(channel.id)})`) },
        },
      }),
      nextScheduledOrdersRun(core.sequelize, channel.id),
    ]);
    const dto: ConnectionSyncHealthDto = {
      channel_id: channel.id,
      channel_name: channel.name,
      is_active: Boolean(channel.is_active),
      consecutive_errors: state?.consecutive_errors ?? 0,
      failing_since: iso(state?.failing_since),
      last_error: state?.last_error ?? null,
      last_success_at: iso(state?.last_success_at),
      // The job table's answer; our own estimate only when that table cannot be read.
      next_run_at: iso(scheduled === undefined ? nextRunAt(state, polledEvery) : scheduled),
      orders_watermark: iso(state?.orders_watermark),
      lag_seconds: lagWithStuck(lagSeconds(state, polledEvery, now), stuck, now),
      pending_stock_pushes: pendingStock,
      pending_fulfilments: pendingFulfilments,
      stuck_sends: stuck?.count ?? 0,
    };
    return dto;
  }

  return {
    async watermarkOf(channelId) {
      const state = await States.findByPk(channelId, { attributes: ['orders_watermark'] });
      return state?.orders_watermark ?? null;
    },

    async advanceWatermark(channelId, to) {
      await stateOf(channelId);
      // Conditional, so an older run finishing after a newer one never moves it back.
      const [updated] = await States.update(
        { orders_watermark: to },
        {
          where: {
            channel_id: channelId,
            [Op.or]: [{ orders_watermark: null }, { orders_watermark: { [Op.lt]: to } }],
          },
        },
      );
      if (updated) await publishFor(channelId);
    },

    async ordersChecked(channelId, startedAt) {
      await stateOf(channelId);
      await States.update(
        { orders_checked_at: startedAt },
        {
          where: {
            channel_id: channelId,
            [Op.or]: [{ orders_checked_at: null }, { orders_checked_at: { [Op.lt]: startedAt } }],
          },
        },
      );
      await clearUnimportedUpTo(channelId, startedAt);
      await publishFor(channelId);
    },

    async clearUnimported(channelId, startedAt) {
      if (await clearUnimportedUpTo(channelId, startedAt)) await publishFor(channelId);
    },

    async noteUnimported(channelId, changedAt) {
      await stateOf(channelId);
      const [updated] = await States.update(
        { oldest_unimported_at: changedAt },
        {
          where: {
            channel_id: channelId,
            [Op.or]: [{ oldest_unimported_at: null }, { oldest_unimported_at: { [Op.gt]: changedAt } }],
          },
        },
      );
      if (updated) await publishFor(channelId);
    },

    async runSucceeded(channelId, at = clock()) {
      await stateOf(channelId);
      await States.update(
        { consecutive_errors: 0, failing_since: null, notified_kinds: '', last_success_at: at },
        { where: { channel_id: channelId } },
      );
      await publishFor(channelId);
    },

    async runFailed(channelId, error, at = clock()) {
      const channel = await models.Channel.findByPk(channelId);
      if (!channel) return;
      await stateOf(channelId);
      const message = error.message.slice(0, LAST_ERROR_MAX);
      await States.increment('consecutive_errors', { by: 1, where: { channel_id: channelId } });
      await States.update(
        { last_error: message, last_error_kind: error.kind.slice(0, 30), last_error_at: at },
        { where: { channel_id: channelId } },
      );
      await States.update({ failing_since: at }, { where: { channel_id: channelId, failing_since: null } });
      let state = (await States.findByPk(channelId))!;

      const notice = noticeOf(error.kind);
      if (notice && (await markNotified(state, notice))) {
        await notifyManagers(channel, notice, message);
        state = (await States.findByPk(channelId))!;
      }

      const failingFor = state.failing_since ? at.getTime() - state.failing_since.getTime() : 0;
      if (failingFor > DEACTIVATE_AFTER_MS && channel.is_active) {
        // Conditional, so only one of several failing runs switches it off and tells the users.
        const [switchedOff] = await models.Channel.update(
          { is_active: false },
          { where: { id: channelId, is_active: true } },
        );
        if (switchedOff === 1) {
          await States.update({ deactivated_at: at }, { where: { channel_id: channelId } });
          await notifyManagers(channel, 'deactivated', message);
          await deps.onDeactivated?.(channelId);
        }
      }
      changed(channel);
    },

    async claimNotSynchronisedNote(channelId, at = clock()) {
      await stateOf(channelId);
      const due = new Date(at.getTime() - NOT_SYNCHRONISED_NOTE_EVERY_MS);
      const [claimed] = await States.update(
        { not_synchronised_noted_at: at },
        {
          where: {
            channel_id: channelId,
            [Op.or]: [{ not_synchronised_noted_at: null }, { not_synchronised_noted_at: { [Op.lte]: due } }],
          },
        },
      );
      return claimed === 1;
    },

    async claimTokenRefresh(channelId, at = clock()) {
      await stateOf(channelId);
      const stale = new Date(at.getTime() - TOKEN_REFRESH_CLAIM_MS);
      const [claimed] = await States.update(
        { token_refresh_claimed_at: at },
        {
          where: {
            channel_id: channelId,
            [Op.or]: [{ token_refresh_claimed_at: null }, { token_refresh_claimed_at: { [Op.lt]: stale } }],
          },
        },
      );
      return claimed === 1;
    },

    async claimRun(channelId, run, staleMs, at = clock()) {
      await stateOf(channelId);
      const column = RUN_COLUMNS[run];
      const stale = new Date(at.getTime() - staleMs);
      const [claimed] = await States.update(
        { [column]: at },
        {
          where: {
            channel_id: channelId,
            [Op.or]: [{ [column]: null }, { [column]: { [Op.lt]: stale } }],
          },
        },
      );
      return claimed === 1;
    },

    async releaseRun(channelId, run) {
      await States.update({ [RUN_COLUMNS[run]]: null }, { where: { channel_id: channelId } });
    },

    async releaseTokenRefresh(channelId) {
      await States.update({ token_refresh_claimed_at: null }, { where: { channel_id: channelId } });
    },

    async tokenRefreshClaimed(channelId, at = clock()) {
      const state = await States.findByPk(channelId, { attributes: ['token_refresh_claimed_at'] });
      const claimedAt = state?.token_refresh_claimed_at;
      return Boolean(claimedAt && claimedAt.getTime() >= at.getTime() - TOKEN_REFRESH_CLAIM_MS);
    },

    async health(scope, storeId, channelId) {
      const { store } = await findReachableStore(models, scope, storeId);
      const channel = await models.Channel.findOne({ where: { id: channelId, store_id: store.id } });
      if (!channel) throw AppError.notFound();
      return toHealth(channel, await States.findByPk(channel.id), clock());
    },

    async worst(scope) {
      const channels = await models.Channel.findAll({
        where: { company_id: scope.companyId, is_active: true },
        order: [['id', 'ASC']],
      });
      if (channels.length === 0) return null;
      const states = await States.findAll({ where: { channel_id: channels.map((channel) => channel.id) } });
      const stateOfChannel = new Map(states.map((state) => [state.channel_id, state]));
      const now = clock();
      // Stuck sends are rare: one read per kind for every channel, not one per channel.
      const stuck = await stuckSendsOf(
        models,
        channels.map((channel) => channel.id),
        now,
      );
      // Ranked on the state and stuck sends; only the one shown pays for its counts and its job-table read.
      let worst: { channel: Channel; lag: number; errors: number } | null = null;
      for (const channel of channels) {
        const state = stateOfChannel.get(channel.id) ?? null;
        const polledEvery = isPolled(channel)
          ? getOrdersIntervalSeconds(channel.settings ?? {}, channel.type)
          : null;
        const lag = lagWithStuck(lagSeconds(state, polledEvery, now), stuck.get(channel.id), now);
        const errors = state?.consecutive_errors ?? 0;
        if (!worst || lag > worst.lag || (lag === worst.lag && errors > worst.errors)) {
          worst = { channel, lag, errors };
        }
      }
      return worst ? toHealth(worst.channel, stateOfChannel.get(worst.channel.id) ?? null, now) : null;
    },
  };
}
