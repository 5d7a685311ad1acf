import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { ChannelKind } from '@syncdesk/contracts';
import { id, init, jsonColumn, timestamps } from './model-helpers';

/**
 * A connection of a store: a sales channel, an accounting channel or a plugin (`kind`). `settings`
 * holds the non-secret settings; secret fields and OAuth tokens are only ever in `credentials`,
 * encrypted (see modules/channels/credential-cipher.ts) with the row's uuid as context.
 */
export class Channel extends Model<InferAttributes<Channel>, InferCreationAttributes<Channel>> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare kind: ChannelKind;
  /** The catalogue slug (`shopify`, `mirakl-decathlon`). */
  declare type: string;
  declare name: string;
  declare is_active: CreationOptional<boolean>;
  declare is_default: CreationOptional<boolean>;
  declare account_nominal_code: string | null;
  declare api_version: string | null;
  declare settings: Record<string, unknown>;
  declare credentials: string | null;
  declare authorized_at: Date | null;
  declare token_expires_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export interface ChannelModels {
  Channel: typeof Channel;
}

export function defineChannelModels(sequelize: Sequelize): ChannelModels {
  const models: ChannelModels = { Channel: class extends Channel {} };
  init<Channel>(models.Channel, sequelize, 'channels', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(20), allowNull: false },
    type: { type: DataTypes.STRING(80), allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    is_default: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    account_nominal_code: { type: DataTypes.STRING(60), allowNull: true },
    api_version: { type: DataTypes.STRING(20), allowNull: true },
    settings: jsonColumn('settings', false),
    credentials: { type: DataTypes.TEXT, allowNull: true },
    authorized_at: { type: DataTypes.DATE, allowNull: true },
    token_expires_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  return models;
}
