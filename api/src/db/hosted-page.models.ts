import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { id, init, jsonColumn, timestamps } from './model-helpers';

/**
 * A hosted-page link: a bearer token (kept as its SHA-256, plus an encrypted copy the seller can
 * copy again) that lets someone without an account connect channels of `channel_types` to one
 * store, until `expires_at` or until the seller revokes it.
 */
export class HostedPage extends Model<InferAttributes<HostedPage>, InferCreationAttributes<HostedPage>> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare created_by: number;
  declare name: string;
  declare token_hash: string;
  declare token_encrypted: string;
  declare channel_types: string[];
  declare expires_at: Date;
  declare revoked_at: Date | null;
  declare last_used_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

/** A channel created through a link: the only channels that link's visitor reaches. */
export class HostedPageChannel extends Model<
  InferAttributes<HostedPageChannel>,
  InferCreationAttributes<HostedPageChannel>
> {
  declare id: CreationOptional<number>;
  declare hosted_page_id: number;
  declare channel_id: number;
  declare created_at: CreationOptional<Date>;
}

/** A company's hosted-page look: the logo (an upload or an https url) and the spec's styles. */
export class HostedPageSetting extends Model<
  InferAttributes<HostedPageSetting>,
  InferCreationAttributes<HostedPageSetting>
> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare logo_url: string | null;
  declare logo_data: Buffer | null;
  declare logo_type: string | null;
  declare logo_key: string | null;
  /** Read through `hostedPageStylesOf`, which falls back to the defaults for anything unusable. */
  declare styles: Record<string, unknown>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export interface HostedPageModels {
  HostedPage: typeof HostedPage;
  HostedPageChannel: typeof HostedPageChannel;
  HostedPageSetting: typeof HostedPageSetting;
}

export function defineHostedPageModels(sequelize: Sequelize): HostedPageModels {
  const models: HostedPageModels = {
    HostedPage: class extends HostedPage {},
    HostedPageChannel: class extends HostedPageChannel {},
    HostedPageSetting: class extends HostedPageSetting {},
  };
  init<HostedPage>(models.HostedPage, sequelize, 'hosted_pages', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    created_by: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    token_hash: { type: DataTypes.STRING(64), allowNull: false },
    token_encrypted: { type: DataTypes.TEXT, allowNull: false },
    channel_types: jsonColumn('channel_types', false),
    expires_at: { type: DataTypes.DATE, allowNull: false },
    revoked_at: { type: DataTypes.DATE, allowNull: true },
    last_used_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  init<HostedPageChannel>(
    models.HostedPageChannel,
    sequelize,
    'hosted_page_channels',
    {
      id,
      hosted_page_id: { type: DataTypes.INTEGER, allowNull: false },
      channel_id: { type: DataTypes.INTEGER, allowNull: false },
      created_at: DataTypes.DATE,
    },
    'created',
  );
  init<HostedPageSetting>(models.HostedPageSetting, sequelize, 'hosted_page_settings', {
    id,
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    logo_url: { type: DataTypes.STRING(2048), allowNull: true },
    logo_data: { type: DataTypes.BLOB('medium'), allowNull: true },
    logo_type: { type: DataTypes.STRING(40), allowNull: true },
    logo_key: { type: DataTypes.STRING(64), allowNull: true },
    styles: jsonColumn('styles', false),
    ...timestamps,
  });
  return models;
}
