import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };
const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};
const reference = (table: string) => ({
  type: DataTypes.INTEGER,
  allowNull: false,
  references: { model: table, key: 'id' },
  onDelete: 'CASCADE',
});

/**
 * Hosted pages (platform-shell §1, §3): links a seller hands to someone without an account, the
 * channels connected through each, and the company's hosted-page look.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('hosted_pages', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: reference('companies'),
    store_id: reference('stores'),
    /** The seller who made the link (OAuth consent links name them, as for any guest link). */
    created_by: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    /** SHA-256 of the bearer token: what a request is looked up by. */
    token_hash: { type: DataTypes.STRING(64), allowNull: false },
    /** The token itself, AES-256-GCM encrypted (credential cipher, bound to `uuid`), to copy again. */
    token_encrypted: { type: DataTypes.TEXT, allowNull: false },
    /** JSON list of catalogue slugs the page offers. */
    channel_types: { type: DataTypes.TEXT, allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    revoked_at: { type: DataTypes.DATE, allowNull: true },
    last_used_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await queryInterface.addIndex('hosted_pages', ['uuid'], { unique: true, name: 'hosted_pages_uuid_unique' });
  await queryInterface.addIndex('hosted_pages', ['token_hash'], {
    unique: true,
    name: 'hosted_pages_token_hash_unique',
  });
  await queryInterface.addIndex('hosted_pages', ['company_id', 'store_id'], {
    name: 'hosted_pages_company_id_store_id',
  });

  // Which channels a link created: the visitor reaches those, and no other channel of the store.
  await queryInterface.createTable('hosted_page_channels', {
    id,
    hosted_page_id: reference('hosted_pages'),
    channel_id: reference('channels'),
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('hosted_page_channels', ['channel_id'], {
    unique: true,
    name: 'hosted_page_channels_channel_id_unique',
  });
  await queryInterface.addIndex('hosted_page_channels', ['hosted_page_id'], {
    name: 'hosted_page_channels_hosted_page_id',
  });

  // One look per company: every link of the company's stores shows it.
  await queryInterface.createTable('hosted_page_settings', {
    id,
    company_id: reference('companies'),
    /** The seller's own https logo address; null when there is none or an upload is used. */
    logo_url: { type: DataTypes.STRING(2048), allowNull: true },
    /** An uploaded logo (≤ 512 KB, type checked by content), its type and the key it is served under. */
    logo_data: { type: DataTypes.BLOB('medium'), allowNull: true },
    logo_type: { type: DataTypes.STRING(40), allowNull: true },
    logo_key: { type: DataTypes.STRING(64), allowNull: true },
    /** JSON of the spec's styles object. */
    styles: { type: DataTypes.TEXT, allowNull: false },
    ...timestamps,
  });
  await queryInterface.addIndex('hosted_page_settings', ['company_id'], {
    unique: true,
    name: 'hosted_page_settings_company_id_unique',
  });
  await queryInterface.addIndex('hosted_page_settings', ['logo_key'], {
    unique: true,
    name: 'hosted_page_settings_logo_key_unique',
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('hosted_page_settings');
  await queryInterface.dropTable('hosted_page_channels');
  await queryInterface.dropTable('hosted_pages');
};
