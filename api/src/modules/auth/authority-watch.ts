import type { Model, ModelStatic, Transaction, UpdateOptions, WhereOptions } from 'sequelize';
import type { Models } from '../../db/models';
import type { AuthorityChange, AuthorityChanges } from './authority-change';

/** A user's columns that a scope reads; others (last company, notices read) change nothing. */
const USER_AUTHORITY_FIELDS = ['name', 'administrator', 'session_epoch', 'kept_token_id'];

type Row = Record<string, unknown>;
type ChangeOf = (row: Row) => AuthorityChange;

interface WatchedTable {
  model: ModelStatic<Model>;
  /** The change a written row means. */
  changeOf: ChangeOf;
  /** For a bulk write, the change its `where` pins down (everyone when it pins nobody down). */
  bulkChangeOf(where: Row): AuthorityChange;
  /** Only writes touching these columns matter (all columns when absent). */
  fields?: string[];
  /** Only deletions matter (a token's last-used time is not authority). */
  deletionsOnly?: boolean;
  /** Bulk deletions change nobody's authority. */
  quietBulkDestroy?: boolean;
}

const numberIn = (where: Row, key: string): number | null =>
  typeof where[key] === 'number' ? (where[key] as number) : null;

/** A bulk write nobody can pin down: safer to re-check everyone than to miss someone. */
const EVERYONE: AuthorityChange = { kind: 'all' };

const byCompany =
  (key: string) =>
  (row: Row): AuthorityChange => {
    const companyId = numberIn(row, key);
    return companyId === null ? EVERYONE : { kind: 'company', companyId };
  };
const byUser =
  (key: string) =>
  (row: Row): AuthorityChange => {
    const userId = numberIn(row, key);
    return userId === null ? EVERYONE : { kind: 'user', userId };
  };

/**
 * Announces every write to a table a scope is read from, whatever code made it: a service that
 * forgets to say "authority changed" can't leave a removed member or a narrowed role working from a
 * cache. Announced after the transaction commits, so a listener re-reading sees the new rows.
 */
export function watchAuthorityTables(models: Models, authority: AuthorityChanges): void {
  const tables: WatchedTable[] = [
    {
      model: models.User,
      changeOf: byUser('id'),
      bulkChangeOf: byUser('id'),
      fields: USER_AUTHORITY_FIELDS,
    },
    { model: models.Company, changeOf: byCompany('id'), bulkChangeOf: byCompany('id') },
    { model: models.CompanyUser, changeOf: byUser('user_id'), bulkChangeOf: byCompany('company_id') },
    { model: models.Role, changeOf: byCompany('company_id'), bulkChangeOf: byCompany('company_id') },
    // A store's change concerns its company; companies holding a share of it are re-checked when
    // their share rows go (a deleted store's shares are deleted by store, which pins nobody down).
    { model: models.Store, changeOf: byCompany('company_id'), bulkChangeOf: () => EVERYONE },
    { model: models.StoreShare, changeOf: byCompany('company_id'), bulkChangeOf: byCompany('company_id') },
    { model: models.IpWhitelist, changeOf: byCompany('company_id'), bulkChangeOf: byCompany('company_id') },
    {
      model: models.UserApiToken,
      changeOf: (row) => ({ kind: 'token', tokenId: `api-token:${String(row.id)}` }),
      bulkChangeOf: (where) =>
        typeof where.user_id === 'number' ? byUser('user_id')(where) : byCompany('company_id')(where),
      deletionsOnly: true,
    },
    {
      model: models.RevokedToken,
      changeOf: (row) => ({ kind: 'token', tokenId: String(row.token_id) }),
      bulkChangeOf: (where) =>
        typeof where.token_id === 'string' ? { kind: 'token', tokenId: where.token_id } : EVERYONE,
      // Bulk deletion is housekeeping of revocations whose tokens have expired anyway.
      quietBulkDestroy: true,
    },
  ];

  const announce = (change: AuthorityChange, transaction?: Transaction | null) => {
    if (transaction) transaction.afterCommit(() => authority.changed(change));
    else authority.changed(change);
  };
  const touchesFields = (table: WatchedTable, changed: readonly string[] | false | undefined) =>
    !table.fields || (Array.isArray(changed) && changed.some((field) => table.fields!.includes(field)));

  for (const table of tables) {
    const { model } = table;
    const rowOf = (instance: Model) => instance.get({ plain: true }) as Row;
    model.addHook('afterDestroy', (instance: Model, options: { transaction?: Transaction | null }) =>
      announce(table.changeOf(rowOf(instance)), options.transaction),
    );
    if (!table.quietBulkDestroy) {
      model.addHook(
        'afterBulkDestroy',
        (options: { where?: WhereOptions; transaction?: Transaction | null }) =>
          announce(table.bulkChangeOf((options.where ?? {}) as Row), options.transaction),
      );
    }
    if (table.deletionsOnly) continue;
    model.addHook('afterCreate', (instance: Model, options: { transaction?: Transaction | null }) =>
      announce(table.changeOf(rowOf(instance)), options.transaction),
    );
    model.addHook(
      'afterUpdate',
      (instance: Model, options: { transaction?: Transaction | null; fields?: string[] }) => {
        if (touchesFields(table, options.fields ?? (instance.changed() as string[] | false)))
          announce(table.changeOf(rowOf(instance)), options.transaction);
      },
    );
    model.addHook('afterBulkCreate', (instances: Model[], options: { transaction?: Transaction | null }) => {
      for (const instance of instances) announce(table.changeOf(rowOf(instance)), options.transaction);
    });
    model.addHook('afterBulkUpdate', (options: UpdateOptions & { attributes?: Row }) => {
      const fields = (options.fields as string[] | undefined) ?? Object.keys(options.attributes ?? {});
      if (touchesFields(table, fields))
        announce(table.bulkChangeOf((options.where ?? {}) as Row), options.transaction);
    });
  }
}
