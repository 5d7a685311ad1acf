import { randomUUID } from 'node:crypto';
import {
  DataTypes,
  Model,
  Op,
  UniqueConstraintError,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
  type WhereOptions,
} from 'sequelize';
import { init } from '../../db/model-helpers';

/** A channel webhook delivery we took (migration 2026-11-24-0023). */
export class ChannelWebhookReceipt extends Model<
  InferAttributes<ChannelWebhookReceipt>,
  InferCreationAttributes<ChannelWebhookReceipt>
> {
  declare id: CreationOptional<number>;
  declare channel_id: number;
  declare webhook_id: string;
  declare topic: string;
  declare remote_id: string | null;
  declare body: CreationOptional<string | null>;
  declare imported_at: CreationOptional<Date | null>;
  declare taken_by: CreationOptional<string | null>;
  declare taken_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
}

/** One order the inbox holds: its id and the webhooks that announced it (oldest first). */
export interface InboxOrder {
  remoteId: string;
  /** Each webhook's topic and raw body when kept (orders/create, orders/updated), else null. */
  deliveries: { topic: string; body: string | null }[];
}

/** Shopify retries a delivery for up to two days; a week leaves room and keeps the table small. */
export const RECEIPT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface ChannelWebhookReceipts {
  /**
   * Records a delivery. False when this channel already received this webhook id: the unique key
   * decides, so a retry racing the original on another replica is refused too.
   */
  claim(receipt: {
    channelId: number;
    webhookId: string;
    topic: string;
    remoteId: string | null;
    /** The delivery's body, kept until its order is imported (only what can be imported as is). */
    body?: string | null;
  }): Promise<boolean>;
  /** Forgets a claimed delivery whose work could not be queued, so the provider's retry is taken. */
  release(receipt: { channelId: number; webhookId: string }): Promise<void>;
  /** Orders webhooks announced and no download has taken yet (the channel's inbox), oldest first. */
  pending(channelId: number, limit: number): Promise<string[]>;
  /**
   * Takes every order waiting in the inbox for one download (a claim no other run takes, unless it
   * is older than `staleMs`: its run died). Webhooks arriving meanwhile wait for the next run.
   */
  take(
    channelId: number,
    staleMs: number,
  ): Promise<{ token: string; remoteIds: string[]; orders: InboxOrder[] }>;
  /** The download that took these receipts stored their orders. */
  imported(channelId: number, token: string): Promise<void>;
  /**
   * Drops the kept order bodies of a channel's deliveries (of these orders only, when named): a
   * privacy erasure must not leave the customer's data waiting in the inbox. Their orders are then
   * fetched from the shop, as for a delivery whose body was not kept.
   */
  forgetBodies(channelId: number, remoteIds?: string[]): Promise<void>;
  count(where?: WhereOptions<ChannelWebhookReceipt>): Promise<number>;
}

/** Only the channel webhook receiver reads this table, so its model lives here rather than in db/models. */
export function createChannelWebhookReceipts(sequelize: Sequelize): ChannelWebhookReceipts {
  const Receipt = class extends ChannelWebhookReceipt {};
  init<ChannelWebhookReceipt>(
    Receipt,
    sequelize,
    'channel_webhook_receipts',
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      channel_id: { type: DataTypes.INTEGER, allowNull: false },
      webhook_id: { type: DataTypes.STRING(100), allowNull: false },
      topic: { type: DataTypes.STRING(100), allowNull: false },
      remote_id: { type: DataTypes.STRING(190), allowNull: true },
      body: { type: DataTypes.TEXT, allowNull: true },
      imported_at: { type: DataTypes.DATE, allowNull: true },
      taken_by: { type: DataTypes.STRING(36), allowNull: true },
      taken_at: { type: DataTypes.DATE, allowNull: true },
      created_at: DataTypes.DATE,
    },
    'created',
  );
  let prunedAt = 0;
  return {
    async claim({ channelId, webhookId, topic, remoteId, body }) {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await Receipt.destroy({ where: { created_at: { [Op.lt]: new Date(Date.now() - RECEIPT_KEEP_MS) } } });
      }
      try {
        await Receipt.create({
          channel_id: channelId,
          webhook_id: webhookId,
          topic,
          remote_id: remoteId,
          body: body ?? null,
        });
        return true;
      } catch (error) {
        if (error instanceof UniqueConstraintError) return false;
        throw error;
      }
    },
    async release({ channelId, webhookId }) {
      await Receipt.destroy({ where: { channel_id: channelId, webhook_id: webhookId } });
    },
    async pending(channelId, limit) {
      const rows = await Receipt.findAll({
        where: { channel_id: channelId, imported_at: null, remote_id: { [Op.ne]: null } },
        attributes: ['remote_id'],
        order: [['id', 'ASC']],
        limit: limit * 4,
        raw: true,
      });
      return [...new Set(rows.map((row) => row.remote_id!))].slice(0, limit);
    },
    async take(channelId, staleMs) {
      const token = randomUUID();
      const now = new Date();
      await Receipt.update(
        { taken_by: token, taken_at: now },
        {
          where: {
            channel_id: channelId,
            imported_at: null,
            remote_id: { [Op.ne]: null },
            [Op.or]: [{ taken_by: null }, { taken_at: { [Op.lt]: new Date(now.getTime() - staleMs) } }],
          },
        },
      );
      const rows = await Receipt.findAll({
        where: { channel_id: channelId, taken_by: token },
        attributes: ['remote_id', 'topic', 'body'],
        order: [['id', 'ASC']],
        raw: true,
      });
      const orders = new Map<string, InboxOrder>();
      for (const row of rows) {
        const order = orders.get(row.remote_id!) ?? { remoteId: row.remote_id!, deliveries: [] };
        order.deliveries.push({ topic: row.topic, body: row.body ?? null });
        orders.set(row.remote_id!, order);
      }
      return { token, remoteIds: [...orders.keys()], orders: [...orders.values()] };
    },
    async imported(channelId, token) {
      await Receipt.update(
        // The bodies served their purpose; the rows stay (small) only to refuse provider retries.
        { imported_at: new Date(), body: null },
        { where: { channel_id: channelId, taken_by: token } },
      );
    },
    async forgetBodies(channelId, remoteIds) {
      if (remoteIds && remoteIds.length === 0) return;
      await Receipt.update(
        { body: null },
        {
          where: {
            channel_id: channelId,
            body: { [Op.ne]: null },
            ...(remoteIds ? { remote_id: { [Op.in]: remoteIds } } : {}),
          },
        },
      );
    },
    count: (where) => Receipt.count(where ? { where } : {}),
  };
}
