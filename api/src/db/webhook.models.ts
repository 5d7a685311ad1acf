import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { WebhookEvent, WebhookMethod } from '@syncdesk/contracts';
import { id, init, timestamps } from './model-helpers';

/**
 * A store's webhook: `event` happens, `method url` is called. When the receiver wants auth, the
 * header's name is kept as is and its value only in `auth_secret`, encrypted (see
 * modules/channels/credential-cipher.ts) with the row's uuid as context.
 */
export class Webhook extends Model<InferAttributes<Webhook>, InferCreationAttributes<Webhook>> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare name: string;
  declare event: WebhookEvent;
  declare method: WebhookMethod;
  declare url: string;
  declare requires_auth: CreationOptional<boolean>;
  declare auth_header_name: string | null;
  declare auth_secret: string | null;
  declare is_active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

/** A channel's own order status (`custom_status`, unique per channel) and its readable name. */
export class CustomOrderStatus extends Model<
  InferAttributes<CustomOrderStatus>,
  InferCreationAttributes<CustomOrderStatus>
> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare channel_id: number;
  declare custom_status: string;
  declare friendly_status: string;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export interface WebhookModels {
  Webhook: typeof Webhook;
  CustomOrderStatus: typeof CustomOrderStatus;
}

export function defineWebhookModels(sequelize: Sequelize): WebhookModels {
  const models: WebhookModels = {
    Webhook: class extends Webhook {},
    CustomOrderStatus: class extends CustomOrderStatus {},
  };
  init<Webhook>(models.Webhook, sequelize, 'webhooks', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    event: { type: DataTypes.STRING(60), allowNull: false },
    method: { type: DataTypes.STRING(10), allowNull: false },
    url: { type: DataTypes.STRING(2048), allowNull: false },
    requires_auth: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    auth_header_name: { type: DataTypes.STRING(100), allowNull: true },
    auth_secret: { type: DataTypes.TEXT, allowNull: true },
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...timestamps,
  });
  init<CustomOrderStatus>(models.CustomOrderStatus, sequelize, 'custom_order_statuses', {
    id,
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    channel_id: { type: DataTypes.INTEGER, allowNull: false },
    custom_status: { type: DataTypes.STRING(120), allowNull: false },
    friendly_status: { type: DataTypes.STRING(120), allowNull: false },
    ...timestamps,
  });
  return models;
}
