import { randomUUID } from 'node:crypto';
import {
  Op,
  type Attributes,
  type Model,
  type ModelStatic,
  type Sequelize,
  type Transaction,
} from 'sequelize';
import {
  ERROR_MESSAGES,
  findCatalogueEntry,
  settingsErrorsFor,
  settingsFormFor,
  type ChannelDto,
  type ChannelKind,
  type ChannelMigrateInput,
  type CompanyChannelDto,
  type ListResponse,
} from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import { AppError, type FieldErrors } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { findChannelStore, findStoreChannel } from './channel-access';
import { readChannelCredentials, writeChannelCredentials } from './channel-credentials';
import { formSettingsOf, toChannelDto } from './channel.mapper';
import {
  secretFieldsOf,
  splitValues,
  urlTargetErrors,
  valuesForCreate,
  valuesForUpdate,
} from './channel-settings';
import type { CredentialCipher } from './credential-cipher';
import type { ChannelJobSchedule } from '../../jobs/channel-job-schedule';

const LIST_SPEC: ListQuerySpec<Attributes<Channel>> = {
  filters: {
    name: { type: 'string', operators: ['eq', 'like'] },
    type: { type: 'string', operators: ['eq', 'in'] },
    is_active: { type: 'boolean', operators: ['eq'] },
    is_default: { type: 'boolean', operators: ['eq'] },
  },
  dateRanges: { created_at: {} },
  search: ['name'],
  sort: { fields: ['name', 'type', 'created_at'], default: { field: 'name', direction: 'asc' } },
};

const COMPANY_LIST_SPEC: ListQuerySpec<Attributes<Channel>> = {
  ...LIST_SPEC,
  filters: { ...LIST_SPEC.filters, store_id: { type: 'number', operators: ['eq', 'in'] } },
};

/** How each kind is named in the activity log (`channel.created`, `accounting_channel.deleted`…). */
const SUBJECT_OF: Record<ChannelKind, string> = {
  channel: 'channel',
  accounting: 'accounting_channel',
  plugin: 'plugin',
};

const DELETE_REFUSAL_OF: Record<ChannelKind, string> = {
  channel: ERROR_MESSAGES.cannotDeleteActiveChannel,
  accounting: ERROR_MESSAGES.cannotDeleteActiveChannel,
  plugin: ERROR_MESSAGES.cannotDeleteActivePlugin,
};

export const INVALID_API_VERSION = 'The selected api version is invalid.';

/**
 * A store's sales channels, accounting channels and plugins (one table, `kind`). Every call is
 * scoped to a store the caller's company owns or was shared; secrets are written encrypted and
 * never read back out.
 */
export interface ChannelService {
  list(
    scope: RequestScope,
    storeId: number,
    kind: ChannelKind,
    query: ListQueryInput,
    /** Only these channels of the store (a hosted page lists the ones it connected). */
    only?: { ids: readonly number[] },
  ): Promise<ListResponse<ChannelDto>>;
  /** Sales channels of every store the caller's company owns, with the store's name. */
  listCompanyChannels(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<CompanyChannelDto>>;
  show(scope: RequestScope, storeId: number, kind: ChannelKind, id: number): Promise<ChannelDto>;
  /** A new connection of a catalogue `type`, inactive until the seller switches it on. */
  create(
    scope: RequestScope,
    storeId: number,
    kind: ChannelKind,
    type: string,
    body: Record<string, unknown>,
  ): Promise<ChannelDto>;
  update(
    scope: RequestScope,
    storeId: number,
    kind: ChannelKind,
    id: number,
    body: Record<string, unknown>,
  ): Promise<ChannelDto>;
  setStatus(
    scope: RequestScope,
    storeId: number,
    kind: ChannelKind,
    id: number,
    isActive: boolean,
  ): Promise<ChannelDto>;
  /** Plugins: one default per store, so making one default clears the others. */
  setDefault(scope: RequestScope, storeId: number, id: number, isDefault: boolean): Promise<ChannelDto>;
  /** Sales channels: onto another store of the same company and/or another API version. */
  migrate(scope: RequestScope, storeId: number, id: number, input: ChannelMigrateInput): Promise<ChannelDto>;
  /** Refused while the connection is active. */
  remove(scope: RequestScope, storeId: number, kind: ChannelKind, id: number): Promise<void>;
  /**
   * The connection a job was queued for, read by the worker (no caller scope: the job carries the
   * id it was given when a seller's action or the schedule queued it). Null once it is deleted.
   */
  connectionForJob(id: number): Promise<Channel | null>;
}

/**
 * A migrated channel takes what hangs off it (couriers, mappings, custom statuses, pickup
 * stores…) to its new store: every model with both a `channel_id` and a `store_id` column, so
 * records of a domain added later follow without touching this code.
 */
async function moveChannelRecords(
  models: Models,
  channelId: number,
  storeId: number,
  transaction: Transaction,
): Promise<void> {
  for (const model of Object.values(models) as ModelStatic<Model>[]) {
    if (model === models.Channel) continue;
    const attributes = model.getAttributes();
    if (!('channel_id' in attributes) || !('store_id' in attributes)) continue;
    await model.update({ store_id: storeId }, { where: { channel_id: channelId }, transaction });
  }
}

export function createChannelService(deps: {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
  cipher: CredentialCipher;
  /** OUTBOUND_ALLOW_PRIVATE_TARGETS: shop and API urls on private or local networks are accepted. */
  allowPrivateTargets: boolean;
  /** The live demo's simulators: accepted as shop and API urls though private, and only they. */
  demoSimulatorOrigins?: ReadonlySet<string>;
  /** Keeps each channel's recurring jobs in step with its row; absent where nothing schedules. */
  jobSchedule?: ChannelJobSchedule;
}): ChannelService {
  const { models, cipher } = deps;
  const urlGuard = {
    allowPrivateTargets: deps.allowPrivateTargets,
    trustedOrigins: deps.demoSimulatorOrigins,
  };

  /**
   * The saved credentials; a blob that no longer opens (key rotated, row tampered with) reads as
   * empty, so the channel still shows and the seller can enter its credentials again.
   */
  function savedCredentials(channel: Channel): Record<string, unknown> {
    try {
      return readChannelCredentials(cipher, channel);
    } catch {
      return {};
    }
  }

  function credentialsSetOf(channel: Channel): string[] {
    const saved = savedCredentials(channel);
    return secretFieldsOf(settingsFormFor(channel.type)).filter((name) => {
      const value = saved[name];
      return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
    });
  }

  const toDto = (channel: Channel) => toChannelDto(channel, credentialsSetOf(channel));

  /** The catalogue entry of a type this kind of connection can use; a stranger is 404. */
  function catalogueEntryFor(kind: ChannelKind, type: string) {
    const entry = findCatalogueEntry(type);
    if (!entry || entry.kind !== kind) throw AppError.notFound();
    if (!entry.active) {
      const message = `${entry.name} is coming soon and can not be connected yet.`;
      throw AppError.validation({ type: [message] }, message);
    }
    return entry;
  }

  function refuseInvalid(errors: FieldErrors): never {
    throw AppError.validation(errors);
  }

  /** Clears the store's other default plugin, so at most one is default. */
  async function clearOtherDefaults(storeId: number, keepId: number | null, transaction: Transaction) {
    // Locking the store row queues two concurrent "make default" calls of one store, so they
    // can't each clear the other and both end up default.
    await models.Store.findByPk(storeId, { transaction, lock: transaction.LOCK.UPDATE, attributes: ['id'] });
    await models.Channel.update(
      { is_default: false },
      {
        where: {
          store_id: storeId,
          kind: 'plugin',
          is_default: true,
          ...(keepId !== null ? { id: { [Op.ne]: keepId } } : {}),
        },
        transaction,
      },
    );
  }

  async function record(
    scope: RequestScope,
    channel: Channel,
    action: string,
    values: { old?: Record<string, unknown> | null; new?: Record<string, unknown> | null },
  ) {
    const subjectType = SUBJECT_OF[channel.kind];
    await deps.activities.record(scope, {
      event: `${subjectType}.${action}`,
      subjectType,
      subjectId: channel.id,
      ...values,
    });
  }

  return {
    connectionForJob: (id) => models.Channel.findByPk(id),

    async list(scope, storeId, kind, query, only) {
      const store = await findChannelStore(models, scope, storeId);
      const where = { store_id: store.id, kind, ...(only ? { id: { [Op.in]: [...only.ids] } } : {}) };
      return findPage(models.Channel, query, LIST_SPEC, where, { map: toDto });
    },

    async listCompanyChannels(scope, query) {
      const page = await findPage(models.Channel, query, COMPANY_LIST_SPEC, {
        company_id: scope.companyId,
        kind: 'channel',
      });
      const storeIds = [...new Set(page.data.map((channel) => channel.store_id))];
      const stores = storeIds.length
        ? await models.Store.findAll({ where: { id: { [Op.in]: storeIds } }, attributes: ['id', 'name'] })
        : [];
      const nameOf = new Map(stores.map((store) => [store.id, store.name]));
      return {
        data: page.data.map((channel) => ({
          ...toDto(channel),
          store_name: nameOf.get(channel.store_id) ?? '',
        })),
        meta: page.meta,
      };
    },

    async show(scope, storeId, kind, id) {
      return toDto(await findStoreChannel(models, scope, storeId, id, kind));
    },

    async create(scope, storeId, kind, type, body) {
      const store = await findChannelStore(models, scope, storeId);
      const entry = catalogueEntryFor(kind, type);
      const fields = settingsFormFor(type);
      const values = valuesForCreate(type, body);
      const errors: FieldErrors = { ...settingsErrorsFor(type, values) };

      // The API version is not a form field: a type offering versions starts on its default.
      let apiVersion: string | null = null;
      if (entry.versions) {
        const asked = body.api_version ?? entry.versions.default;
        if (entry.versions.options.some((option) => option.value === asked)) apiVersion = String(asked);
        else errors.api_version = [INVALID_API_VERSION];
      }
      if (Object.keys(errors).length > 0) refuseInvalid(errors);
      const urlErrors = await urlTargetErrors(fields, values, urlGuard);
      if (urlErrors) refuseInvalid(urlErrors);

      const { settings, secrets, columns } = splitValues(fields, values);
      const uuid = randomUUID();
      const isDefault = kind === 'plugin' && columns.is_default === true;
      const channel = await deps.sequelize.transaction(async (transaction) => {
        if (isDefault) await clearOtherDefaults(store.id, null, transaction);
        return models.Channel.create(
          {
            uuid,
            company_id: store.company_id,
            store_id: store.id,
            kind,
            type,
            name: columns.name ?? '',
            is_active: false,
            is_default: isDefault,
            account_nominal_code: columns.account_nominal_code ?? null,
            api_version: columns.api_version ?? apiVersion,
            settings,
            credentials: writeChannelCredentials(cipher, { uuid }, secrets),
            authorized_at: null,
            token_expires_at: null,
          },
          { transaction },
        );
      });
      await record(scope, channel, 'created', {
        new: {
          type,
          name: channel.name,
          store_id: channel.store_id,
          ...(Object.keys(secrets).length ? { credentials_changed: Object.keys(secrets) } : {}),
        },
      });
      return toDto(channel);
    },

    async update(scope, storeId, kind, id, body) {
      const channel = await findStoreChannel(models, scope, storeId, id, kind);
      const fields = settingsFormFor(channel.type);
      const saved = savedCredentials(channel);
      const values = valuesForUpdate(channel.type, formSettingsOf(channel), saved, body);
      const errors = settingsErrorsFor(channel.type, values);
      if (errors) refuseInvalid(errors);
      const urlErrors = await urlTargetErrors(fields, values, urlGuard, body);
      if (urlErrors) refuseInvalid(urlErrors);

      const { settings, secrets, columns } = splitValues(fields, values);
      const changedSecrets = Object.keys(secrets).filter((name) => secrets[name] !== saved[name]);
      const before = formSettingsOf(channel);
      const becomesDefault = kind === 'plugin' && columns.is_default === true && !channel.is_default;

      await deps.sequelize.transaction(async (transaction) => {
        if (becomesDefault) await clearOtherDefaults(channel.store_id, channel.id, transaction);
        await channel.update(
          {
            settings,
            ...(columns.name !== undefined ? { name: columns.name } : {}),
            ...(kind !== 'plugin' ? { account_nominal_code: columns.account_nominal_code ?? null } : {}),
            ...(columns.api_version !== undefined ? { api_version: columns.api_version } : {}),
            ...(kind === 'plugin' ? { is_default: columns.is_default === true } : {}),
            // Unknown keys (the OAuth tokens under `oauth`) are carried over untouched.
            ...(changedSecrets.length
              ? { credentials: writeChannelCredentials(cipher, channel, { ...saved, ...secrets }) }
              : {}),
          },
          { transaction },
        );
      });

      const changes = changedFields(before, formSettingsOf(channel));
      const logged = {
        old: changes?.old ?? {},
        new: { ...changes?.new, ...(changedSecrets.length ? { credentials_changed: changedSecrets } : {}) },
      };
      if (Object.keys(logged.new).length > 0) await record(scope, channel, 'updated', logged);
      // After the commit: a changed interval or get_orders switch takes effect without a restart.
      await deps.jobSchedule?.settingsSaved(channel, before);
      return toDto(channel);
    },

    async setStatus(scope, storeId, kind, id, isActive) {
      const channel = await findStoreChannel(models, scope, storeId, id, kind);
      const was = Boolean(channel.is_active);
      if (was !== isActive) {
        await channel.update({ is_active: isActive });
        await record(scope, channel, isActive ? 'activated' : 'deactivated', {
          old: { is_active: was },
          new: { is_active: isActive },
        });
        if (isActive) await deps.jobSchedule?.activated(channel);
        else await deps.jobSchedule?.sync(channel);
      }
      return toDto(channel);
    },

    async setDefault(scope, storeId, id, isDefault) {
      const channel = await findStoreChannel(models, scope, storeId, id, 'plugin');
      const was = Boolean(channel.is_default);
      await deps.sequelize.transaction(async (transaction) => {
        if (isDefault) await clearOtherDefaults(channel.store_id, channel.id, transaction);
        await channel.update({ is_default: isDefault }, { transaction });
      });
      if (was !== isDefault) {
        await record(scope, channel, 'default_changed', {
          old: { is_default: was },
          new: { is_default: isDefault },
        });
      }
      return toDto(channel);
    },

    async migrate(scope, storeId, id, input) {
      const channel = await findStoreChannel(models, scope, storeId, id, 'channel');
      let targetStoreId = channel.store_id;
      if (input.store_id !== undefined && input.store_id !== channel.store_id) {
        // Only onto a store the caller's company owns, and within the channel's company: a
        // channel never changes hands through a share.
        const target = await models.Store.findByPk(input.store_id);
        if (!target || target.company_id !== scope.companyId || target.company_id !== channel.company_id)
          throw AppError.notFound();
        targetStoreId = target.id;
      }
      let apiVersion = channel.api_version;
      if (input.api_version !== undefined) {
        const versions = findCatalogueEntry(channel.type)?.versions;
        if (!versions?.options.some((option) => option.value === input.api_version))
          refuseInvalid({ api_version: [INVALID_API_VERSION] });
        apiVersion = input.api_version;
      }

      const before = { store_id: channel.store_id, api_version: channel.api_version };
      await deps.sequelize.transaction(async (transaction) => {
        await channel.update({ store_id: targetStoreId, api_version: apiVersion }, { transaction });
        if (before.store_id !== targetStoreId)
          await moveChannelRecords(models, channel.id, targetStoreId, transaction);
      });
      const changes = changedFields(before, { store_id: channel.store_id, api_version: channel.api_version });
      if (changes) await record(scope, channel, 'migrated', changes);
      return toDto(channel);
    },

    async remove(scope, storeId, kind, id) {
      const channel = await findStoreChannel(models, scope, storeId, id, kind);
      if (channel.is_active) throw new AppError('validation', DELETE_REFUSAL_OF[kind]);
      await channel.destroy();
      await record(scope, channel, 'deleted', {
        old: { type: channel.type, name: channel.name, store_id: channel.store_id },
      });
      await deps.jobSchedule?.removed(channel);
    },
  };
}
