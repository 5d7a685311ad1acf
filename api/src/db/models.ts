import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { PermissionName } from '@syncdesk/contracts';
import { id, init, jsonColumn, timestamps } from './model-helpers';
import { defineChannelModels, type ChannelModels } from './channel.models';
import { defineWebhookModels, type WebhookModels } from './webhook.models';
import { defineCourierModels, type CourierModels } from './courier.models';
import { defineCatalogueModels, type CatalogueModels } from './catalogue.models';
import { defineOrderModels, type OrderModels } from './order.models';
import { defineHostedPageModels, type HostedPageModels } from './hosted-page.models';
import { defineInvoiceModels, type InvoiceModels } from './invoice.models';
import { defineConfirmationOrderModels, type ConfirmationOrderModels } from './confirmation-order.models';
import { defineStockPushModels, type StockPushModels } from './stock-push.models';
import { defineRuleModels, type RuleModels } from './rule.models';
import { defineLogModels, type LogModels } from './log.models';
import { defineSyncModels, type SyncModels } from './sync.models';

/**
 * The identity tables (users, companies, memberships, roles, stores, …) as Sequelize models. They
 * are defined per Sequelize instance (tests hold several databases at once) and handed to the
 * services that own them through `createServices`.
 */

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare email: string;
  declare phone: string | null;
  declare password_hash: string;
  declare administrator: CreationOptional<boolean>;
  declare email_verified_at: Date | null;
  declare support_hash: string | null;
  declare last_company_id: number | null;
  declare account_notices_read_at: CreationOptional<Date | null>;
  /** Raised by a password change or reset: tokens signed with a lower epoch no longer open anything. */
  declare session_epoch: CreationOptional<number>;
  /** The one older token a password change keeps (the session that made the change). */
  declare kept_token_id: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class PushDeviceToken extends Model<
  InferAttributes<PushDeviceToken>,
  InferCreationAttributes<PushDeviceToken>
> {
  declare id: CreationOptional<number>;
  declare user_id: number;
  declare device_token: string;
  declare device_type: string;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class Company extends Model<InferAttributes<Company>, InferCreationAttributes<Company>> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare name: string;
  declare owner_user_id: number | null;
  declare creation_source: string;
  declare is_active: CreationOptional<boolean>;
  /** COMPANY_ACCOUNT_STATUS value stored for the company (trial expiry is derived on read). */
  declare account_status: CreationOptional<number>;
  declare plan_name: string | null;
  declare credit: number | null;
  declare trial_ends_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class Role extends Model<InferAttributes<Role>, InferCreationAttributes<Role>> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare name: string;
  declare permissions: PermissionName[];
  declare is_default: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class CompanyUser extends Model<InferAttributes<CompanyUser>, InferCreationAttributes<CompanyUser>> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare user_id: number;
  declare role_id: number | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class Store extends Model<InferAttributes<Store>, InferCreationAttributes<Store>> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare name: string;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class StoreNotification extends Model<
  InferAttributes<StoreNotification>,
  InferCreationAttributes<StoreNotification>
> {
  declare id: CreationOptional<number>;
  declare store_id: number;
  declare email: string;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class StoreShare extends Model<InferAttributes<StoreShare>, InferCreationAttributes<StoreShare>> {
  declare id: CreationOptional<number>;
  declare store_id: number;
  /** The company the store is shared WITH. */
  declare company_id: number;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class Invitation extends Model<InferAttributes<Invitation>, InferCreationAttributes<Invitation>> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare email: string;
  declare role_id: number | null;
  declare invited_by: number | null;
  declare token_hash: string;
  declare expires_at: Date;
  declare accepted_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class OneTimeToken extends Model<
  InferAttributes<OneTimeToken>,
  InferCreationAttributes<OneTimeToken>
> {
  declare id: CreationOptional<number>;
  declare user_id: number;
  declare purpose: 'password_reset' | 'email_verification';
  declare token_hash: string;
  declare expires_at: Date;
  declare used_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class RevokedToken extends Model<
  InferAttributes<RevokedToken>,
  InferCreationAttributes<RevokedToken>
> {
  declare token_id: string;
  declare expires_at: Date;
  /** When the revocation takes effect; null: at once. */
  declare effective_at: CreationOptional<Date | null>;
}

export class UserApiToken extends Model<
  InferAttributes<UserApiToken>,
  InferCreationAttributes<UserApiToken>
> {
  declare id: CreationOptional<number>;
  declare user_id: number;
  declare company_id: number;
  declare name: string;
  declare token_hash: string;
  declare last_used_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class IpWhitelist extends Model<InferAttributes<IpWhitelist>, InferCreationAttributes<IpWhitelist>> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare company_role_id: number | null;
  declare ip_address: string;
  declare status: 0 | 1 | 2;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class Activity extends Model<InferAttributes<Activity>, InferCreationAttributes<Activity>> {
  declare id: CreationOptional<number>;
  declare company_id: number | null;
  declare user_id: number | null;
  declare source: string;
  declare source_name: string;
  declare via: string;
  declare event: string;
  declare subject_type: string;
  declare subject_id: number | null;
  declare old_values: Record<string, unknown> | null;
  declare new_values: Record<string, unknown> | null;
  /** Shared by the rows one stock change wrote (one per product): the activity list groups them. */
  declare change_id: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
}

export class OutboxEmail extends Model<InferAttributes<OutboxEmail>, InferCreationAttributes<OutboxEmail>> {
  declare id: CreationOptional<number>;
  declare to_address: string;
  declare subject: string;
  declare text_body: string;
  declare status: 'queued' | 'sent' | 'failed' | 'outbox';
  declare error: string | null;
  declare created_at: CreationOptional<Date>;
  declare sent_at: Date | null;
}

export interface Models
  extends
    ChannelModels,
    WebhookModels,
    CourierModels,
    CatalogueModels,
    HostedPageModels,
    InvoiceModels,
    ConfirmationOrderModels,
    StockPushModels,
    SyncModels,
    LogModels,
    RuleModels,
    OrderModels {
  User: typeof User;
  Company: typeof Company;
  Role: typeof Role;
  CompanyUser: typeof CompanyUser;
  Store: typeof Store;
  StoreNotification: typeof StoreNotification;
  StoreShare: typeof StoreShare;
  Invitation: typeof Invitation;
  OneTimeToken: typeof OneTimeToken;
  RevokedToken: typeof RevokedToken;
  UserApiToken: typeof UserApiToken;
  IpWhitelist: typeof IpWhitelist;
  Activity: typeof Activity;
  OutboxEmail: typeof OutboxEmail;
  PushDeviceToken: typeof PushDeviceToken;
}

/** Defines every identity model on this Sequelize instance (subclasses, so instances never clash). */
export function defineModels(sequelize: Sequelize): Models {
  const models: Models = {
    User: class extends User {},
    Company: class extends Company {},
    Role: class extends Role {},
    CompanyUser: class extends CompanyUser {},
    Store: class extends Store {},
    StoreNotification: class extends StoreNotification {},
    StoreShare: class extends StoreShare {},
    Invitation: class extends Invitation {},
    OneTimeToken: class extends OneTimeToken {},
    RevokedToken: class extends RevokedToken {},
    UserApiToken: class extends UserApiToken {},
    IpWhitelist: class extends IpWhitelist {},
    Activity: class extends Activity {},
    OutboxEmail: class extends OutboxEmail {},
    PushDeviceToken: class extends PushDeviceToken {},
    ...defineChannelModels(sequelize),
    ...defineWebhookModels(sequelize),
    ...defineCourierModels(sequelize),
    ...defineCatalogueModels(sequelize),
    ...defineOrderModels(sequelize),
    ...defineHostedPageModels(sequelize),
    ...defineConfirmationOrderModels(sequelize),
    ...defineInvoiceModels(sequelize),
    ...defineStockPushModels(sequelize),
    ...defineSyncModels(sequelize),
    ...defineLogModels(sequelize),
    ...defineRuleModels(sequelize),
  };
  init<User>(models.User, sequelize, 'users', {
    id,
    name: { type: DataTypes.STRING(120), allowNull: false },
    email: { type: DataTypes.STRING(190), allowNull: false },
    phone: { type: DataTypes.STRING(40), allowNull: true },
    password_hash: { type: DataTypes.STRING(255), allowNull: false },
    administrator: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    email_verified_at: { type: DataTypes.DATE, allowNull: true },
    support_hash: { type: DataTypes.STRING(64), allowNull: true },
    last_company_id: { type: DataTypes.INTEGER, allowNull: true },
    account_notices_read_at: { type: DataTypes.DATE, allowNull: true },
    session_epoch: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    kept_token_id: { type: DataTypes.STRING(64), allowNull: true },
    ...timestamps,
  });
  init<PushDeviceToken>(models.PushDeviceToken, sequelize, 'push_device_tokens', {
    id,
    user_id: { type: DataTypes.INTEGER, allowNull: false },
    device_token: { type: DataTypes.STRING(255), allowNull: false },
    device_type: { type: DataTypes.STRING(20), allowNull: false },
    ...timestamps,
  });
  init<Company>(models.Company, sequelize, 'companies', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    owner_user_id: { type: DataTypes.INTEGER, allowNull: true },
    creation_source: { type: DataTypes.STRING(20), allowNull: false },
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    account_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    plan_name: { type: DataTypes.STRING(80), allowNull: true },
    credit: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
    trial_ends_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  init<Role>(models.Role, sequelize, 'roles', {
    id,
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(80), allowNull: false },
    permissions: jsonColumn('permissions', false),
    is_default: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ...timestamps,
  });
  init<CompanyUser>(models.CompanyUser, sequelize, 'company_users', {
    id,
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    user_id: { type: DataTypes.INTEGER, allowNull: false },
    role_id: { type: DataTypes.INTEGER, allowNull: true },
    ...timestamps,
  });
  init<Store>(models.Store, sequelize, 'stores', {
    id,
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    ...timestamps,
  });
  init<StoreNotification>(models.StoreNotification, sequelize, 'store_notifications', {
    id,
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    email: { type: DataTypes.STRING(190), allowNull: false },
    ...timestamps,
  });
  init<StoreShare>(models.StoreShare, sequelize, 'store_shares', {
    id,
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    ...timestamps,
  });
  init<Invitation>(models.Invitation, sequelize, 'invitations', {
    id,
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    email: { type: DataTypes.STRING(190), allowNull: false },
    role_id: { type: DataTypes.INTEGER, allowNull: true },
    invited_by: { type: DataTypes.INTEGER, allowNull: true },
    token_hash: { type: DataTypes.STRING(64), allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    accepted_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  init<OneTimeToken>(models.OneTimeToken, sequelize, 'one_time_tokens', {
    id,
    user_id: { type: DataTypes.INTEGER, allowNull: false },
    purpose: { type: DataTypes.STRING(30), allowNull: false },
    token_hash: { type: DataTypes.STRING(64), allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    used_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  init<RevokedToken>(
    models.RevokedToken,
    sequelize,
    'revoked_tokens',
    {
      token_id: { type: DataTypes.STRING(64), primaryKey: true },
      expires_at: { type: DataTypes.DATE, allowNull: false },
      effective_at: { type: DataTypes.DATE, allowNull: true },
    },
    false,
  );
  init<UserApiToken>(models.UserApiToken, sequelize, 'user_api_tokens', {
    id,
    user_id: { type: DataTypes.INTEGER, allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(100), allowNull: false },
    token_hash: { type: DataTypes.STRING(64), allowNull: false },
    last_used_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  init<IpWhitelist>(models.IpWhitelist, sequelize, 'ip_whitelists', {
    id,
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    company_role_id: { type: DataTypes.INTEGER, allowNull: true },
    ip_address: { type: DataTypes.STRING(64), allowNull: false },
    status: { type: DataTypes.INTEGER, allowNull: false },
    ...timestamps,
  });
  init<Activity>(
    models.Activity,
    sequelize,
    'activities',
    {
      id,
      company_id: { type: DataTypes.INTEGER, allowNull: true },
      user_id: { type: DataTypes.INTEGER, allowNull: true },
      source: { type: DataTypes.STRING(20), allowNull: false },
      source_name: { type: DataTypes.STRING(120), allowNull: false },
      via: { type: DataTypes.STRING(20), allowNull: false },
      event: { type: DataTypes.STRING(60), allowNull: false },
      subject_type: { type: DataTypes.STRING(40), allowNull: false },
      subject_id: { type: DataTypes.INTEGER, allowNull: true },
      old_values: jsonColumn('old_values', true),
      new_values: jsonColumn('new_values', true),
      change_id: { type: DataTypes.STRING(36), allowNull: true },
      created_at: DataTypes.DATE,
    },
    'created',
  );
  init<OutboxEmail>(
    models.OutboxEmail,
    sequelize,
    'outbox_emails',
    {
      id,
      to_address: { type: DataTypes.STRING(190), allowNull: false },
      subject: { type: DataTypes.STRING(255), allowNull: false },
      text_body: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.STRING(20), allowNull: false },
      error: { type: DataTypes.TEXT, allowNull: true },
      created_at: DataTypes.DATE,
      sent_at: { type: DataTypes.DATE, allowNull: true },
    },
    'created',
  );
  return models;
}
