import { DataTypes, type QueryInterface } from 'sequelize';
import type { Migration } from '../migrate';

const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };
const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};
const reference = (table: string, onDelete: 'CASCADE' | 'SET NULL' = 'CASCADE', allowNull = false) => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
});

async function index(queryInterface: QueryInterface, table: string, fields: string[], unique = false) {
  await queryInterface.addIndex(table, fields, {
    unique,
    name: `${table}_${fields.join('_')}${unique ? '_unique' : ''}`,
  });
}

export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('users', {
    id,
    name: { type: DataTypes.STRING(120), allowNull: false },
    email: { type: DataTypes.STRING(190), allowNull: false },
    phone: { type: DataTypes.STRING(40), allowNull: true },
    password_hash: { type: DataTypes.STRING(255), allowNull: false },
    administrator: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    email_verified_at: { type: DataTypes.DATE, allowNull: true },
    support_hash: { type: DataTypes.STRING(64), allowNull: true },
    last_company_id: { type: DataTypes.INTEGER, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'users', ['email'], true);

  await queryInterface.createTable('companies', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    owner_user_id: reference('users', 'SET NULL', true),
    creation_source: { type: DataTypes.STRING(20), allowNull: false },
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    // The accounts system (spec §3 "Company accounts record"), kept on the company row.
    account_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    plan_name: { type: DataTypes.STRING(80), allowNull: true },
    credit: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
    trial_ends_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'companies', ['uuid'], true);
  await index(queryInterface, 'companies', ['name']);

  await queryInterface.createTable('roles', {
    id,
    company_id: reference('companies'),
    name: { type: DataTypes.STRING(80), allowNull: false },
    permissions: { type: DataTypes.TEXT, allowNull: false },
    is_default: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ...timestamps,
  });
  await index(queryInterface, 'roles', ['company_id', 'name'], true);

  await queryInterface.createTable('company_users', {
    id,
    company_id: reference('companies'),
    user_id: reference('users'),
    role_id: reference('roles', 'SET NULL', true),
    ...timestamps,
  });
  await index(queryInterface, 'company_users', ['company_id', 'user_id'], true);
  await index(queryInterface, 'company_users', ['user_id']);

  await queryInterface.createTable('stores', {
    id,
    company_id: reference('companies'),
    name: { type: DataTypes.STRING(120), allowNull: false },
    ...timestamps,
  });
  await index(queryInterface, 'stores', ['company_id', 'name']);

  await queryInterface.createTable('store_notifications', {
    id,
    store_id: reference('stores'),
    email: { type: DataTypes.STRING(190), allowNull: false },
    ...timestamps,
  });
  await index(queryInterface, 'store_notifications', ['store_id', 'email'], true);

  await queryInterface.createTable('store_shares', {
    id,
    store_id: reference('stores'),
    company_id: reference('companies'),
    ...timestamps,
  });
  await index(queryInterface, 'store_shares', ['store_id', 'company_id'], true);
  await index(queryInterface, 'store_shares', ['company_id']);

  await queryInterface.createTable('invitations', {
    id,
    company_id: reference('companies'),
    email: { type: DataTypes.STRING(190), allowNull: false },
    role_id: reference('roles', 'SET NULL', true),
    invited_by: reference('users', 'SET NULL', true),
    token_hash: { type: DataTypes.STRING(64), allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    accepted_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'invitations', ['token_hash'], true);
  await index(queryInterface, 'invitations', ['company_id', 'email']);

  // Single-use secrets sent by e-mail (password reset, e-mail verification); only their hash is kept.
  await queryInterface.createTable('one_time_tokens', {
    id,
    user_id: reference('users'),
    purpose: { type: DataTypes.STRING(30), allowNull: false },
    token_hash: { type: DataTypes.STRING(64), allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    used_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'one_time_tokens', ['token_hash'], true);
  await index(queryInterface, 'one_time_tokens', ['user_id', 'purpose']);

  // Bearer tokens signed out before they expire; rows can be dropped once expires_at has passed.
  await queryInterface.createTable('revoked_tokens', {
    token_id: { type: DataTypes.STRING(64), primaryKey: true },
    expires_at: { type: DataTypes.DATE, allowNull: false },
  });
  await index(queryInterface, 'revoked_tokens', ['expires_at']);

  await queryInterface.createTable('user_api_tokens', {
    id,
    user_id: reference('users'),
    company_id: reference('companies'),
    name: { type: DataTypes.STRING(100), allowNull: false },
    token_hash: { type: DataTypes.STRING(64), allowNull: false },
    last_used_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'user_api_tokens', ['token_hash'], true);
  await index(queryInterface, 'user_api_tokens', ['user_id']);

  await queryInterface.createTable('ip_whitelists', {
    id,
    company_id: reference('companies'),
    company_role_id: reference('roles', 'CASCADE', true),
    ip_address: { type: DataTypes.STRING(64), allowNull: false },
    status: { type: DataTypes.INTEGER, allowNull: false },
    ...timestamps,
  });
  await index(queryInterface, 'ip_whitelists', ['company_id', 'company_role_id']);

  await queryInterface.createTable('activities', {
    id,
    company_id: reference('companies', 'CASCADE', true),
    user_id: reference('users', 'SET NULL', true),
    source: { type: DataTypes.STRING(20), allowNull: false },
    source_name: { type: DataTypes.STRING(120), allowNull: false },
    via: { type: DataTypes.STRING(20), allowNull: false },
    event: { type: DataTypes.STRING(60), allowNull: false },
    subject_type: { type: DataTypes.STRING(40), allowNull: false },
    subject_id: { type: DataTypes.INTEGER, allowNull: true },
    old_values: { type: DataTypes.TEXT, allowNull: true },
    new_values: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await index(queryInterface, 'activities', ['company_id', 'created_at']);

  // Outgoing mail: the embedded default keeps it here (and logs it) when no SMTP_URL is set.
  await queryInterface.createTable('outbox_emails', {
    id,
    to_address: { type: DataTypes.STRING(190), allowNull: false },
    subject: { type: DataTypes.STRING(255), allowNull: false },
    text_body: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.STRING(20), allowNull: false },
    error: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    sent_at: { type: DataTypes.DATE, allowNull: true },
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  for (const table of [
    'outbox_emails',
    'activities',
    'ip_whitelists',
    'user_api_tokens',
    'revoked_tokens',
    'one_time_tokens',
    'invitations',
    'store_shares',
    'store_notifications',
    'stores',
    'company_users',
    'roles',
    'companies',
    'users',
  ]) {
    await queryInterface.dropTable(table);
  }
};
