import { randomUUID } from 'node:crypto';
import type { Attributes } from 'sequelize';
import {
  DEFAULT_WEBHOOK_AUTH_HEADER,
  WEBHOOK_AUTH_VALUE_REQUIRED,
  type CreateWebhookInput,
  type ListResponse,
  type UpdateWebhookInput,
  type WebhookDto,
} from '@syncdesk/contracts';
import { AppError, type FieldErrors } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { HostResolver } from '@syncdesk/integrations';
import type { RequestScope } from '../../http/request-scope';
import type { Models } from '../../db/models';
import type { Webhook } from '../../db/webhook.models';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { findChannelStore } from '../channels/channel-access';
import type { CredentialCipher } from '../channels/credential-cipher';
import { toWebhookDto, webhookActivityValues } from './webhook.mapper';
import { webhookUrlTargetProblem } from './webhook-url-guard';

const LIST_SPEC: ListQuerySpec<Attributes<Webhook>> = {
  filters: {
    name: { type: 'string', operators: ['eq', 'like'] },
    event: { type: 'string', operators: ['eq', 'in'] },
    method: { type: 'string', operators: ['eq', 'in'] },
    is_active: { type: 'boolean', operators: ['eq'] },
  },
  dateRanges: { created_at: {} },
  search: ['name', 'url'],
  sort: {
    fields: ['name', 'event', 'method', 'url', 'is_active', 'created_at'],
    default: { field: 'name', direction: 'asc' },
  },
};

/**
 * A store's webhooks. The store must be reachable by the caller's company (own or shared with it,
 * see channel-access.ts); anything else, and any webhook of another store, is 404.
 */
export interface WebhookService {
  list(scope: RequestScope, storeId: number, query: ListQueryInput): Promise<ListResponse<WebhookDto>>;
  show(scope: RequestScope, storeId: number, id: number): Promise<WebhookDto>;
  create(scope: RequestScope, storeId: number, input: CreateWebhookInput): Promise<WebhookDto>;
  update(scope: RequestScope, storeId: number, id: number, input: UpdateWebhookInput): Promise<WebhookDto>;
  setActive(scope: RequestScope, storeId: number, id: number, isActive: boolean): Promise<WebhookDto>;
  remove(scope: RequestScope, storeId: number, id: number): Promise<void>;
}

export interface WebhookServiceDependencies {
  models: Models;
  activities: ActivityService;
  credentials: CredentialCipher;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: urls on private or local networks are accepted. */
  allowPrivateTargets: boolean;
  /** Host name lookups for the url guard (DNS unless a test gives its own). */
  resolveHost?: HostResolver;
}

/** The auth columns a save ends with. */
interface AuthColumns {
  requires_auth: boolean;
  auth_header_name: string | null;
  auth_secret: string | null;
}

export function createWebhookService(deps: WebhookServiceDependencies): WebhookService {
  const { models } = deps;

  async function findWebhook(scope: RequestScope, storeId: number, id: number): Promise<Webhook> {
    const store = await findChannelStore(models, scope, storeId);
    const webhook = await models.Webhook.findOne({ where: { id, store_id: store.id } });
    if (!webhook) throw AppError.notFound();
    return webhook;
  }

  /**
   * Auth as the receiver will get it: off clears the saved header; on needs a header value, either
   * given now or saved before (an empty value keeps the saved one, as forms never see it).
   */
  function authColumns(
    uuid: string,
    input: UpdateWebhookInput,
    saved: AuthColumns | null,
    errors: FieldErrors,
  ): AuthColumns {
    const requiresAuth = input.requires_auth ?? saved?.requires_auth ?? false;
    if (!requiresAuth) return { requires_auth: false, auth_header_name: null, auth_secret: null };
    const headerName = input.auth_header_name || saved?.auth_header_name || DEFAULT_WEBHOOK_AUTH_HEADER;
    const value = input.auth_header_value?.trim();
    if (value) {
      return {
        requires_auth: true,
        auth_header_name: headerName,
        auth_secret: deps.credentials.encrypt(value, uuid),
      };
    }
    if (!saved?.auth_secret) errors.auth_header_value = [WEBHOOK_AUTH_VALUE_REQUIRED];
    return { requires_auth: true, auth_header_name: headerName, auth_secret: saved?.auth_secret ?? null };
  }

  async function checkUrl(url: string | undefined, errors: FieldErrors): Promise<void> {
    if (url === undefined) return;
    const problem = await webhookUrlTargetProblem(url, {
      allowPrivateTargets: deps.allowPrivateTargets,
      resolve: deps.resolveHost,
    });
    if (problem) errors.url = [problem];
  }

  const failIfAny = (errors: FieldErrors) => {
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  };

  /** Activity values, plus whether a secret is saved (never the secret itself). */
  const logged = (webhook: Webhook) => ({
    ...webhookActivityValues(webhook),
    has_auth_secret: Boolean(webhook.auth_secret),
  });

  return {
    async list(scope, storeId, query) {
      const store = await findChannelStore(models, scope, storeId);
      return findPage(models.Webhook, query, LIST_SPEC, { store_id: store.id }, { map: toWebhookDto });
    },

    async show(scope, storeId, id) {
      return toWebhookDto(await findWebhook(scope, storeId, id));
    },

    async create(scope, storeId, input) {
      const store = await findChannelStore(models, scope, storeId);
      const uuid = randomUUID();
      const errors: FieldErrors = {};
      const auth = authColumns(uuid, input, null, errors);
      await checkUrl(input.url, errors);
      failIfAny(errors);
      // The store's owner holds the webhook (as it holds the store's channels), even when a
      // company the store is shared with adds it.
      const webhook = await models.Webhook.create({
        uuid,
        company_id: store.company_id,
        store_id: store.id,
        name: input.name,
        event: input.event,
        method: input.method,
        url: input.url,
        is_active: input.is_active,
        ...auth,
      });
      await deps.activities.record(scope, {
        event: 'webhook.created',
        subjectType: 'webhook',
        subjectId: webhook.id,
        new: logged(webhook),
      });
      return toWebhookDto(webhook);
    },

    async update(scope, storeId, id, input) {
      const webhook = await findWebhook(scope, storeId, id);
      const before = logged(webhook);
      const errors: FieldErrors = {};
      const auth = authColumns(webhook.uuid, input, webhook, errors);
      await checkUrl(input.url, errors);
      failIfAny(errors);
      const secretReplaced = Boolean(webhook.auth_secret && auth.auth_secret !== webhook.auth_secret);
      await webhook.update({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.event !== undefined ? { event: input.event } : {}),
        ...(input.method !== undefined ? { method: input.method } : {}),
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
        ...auth,
      });
      const changes = changedFields(before, {
        ...logged(webhook),
        ...(secretReplaced && auth.auth_secret ? { auth_secret_replaced: true } : {}),
      });
      if (changes) {
        await deps.activities.record(scope, {
          event: 'webhook.updated',
          subjectType: 'webhook',
          subjectId: webhook.id,
          ...changes,
        });
      }
      return toWebhookDto(webhook);
    },

    async setActive(scope, storeId, id, isActive) {
      const webhook = await findWebhook(scope, storeId, id);
      const wasActive = Boolean(webhook.is_active);
      if (wasActive !== isActive) {
        await webhook.update({ is_active: isActive });
        await deps.activities.record(scope, {
          event: 'webhook.status_updated',
          subjectType: 'webhook',
          subjectId: webhook.id,
          old: { is_active: wasActive },
          new: { is_active: isActive },
        });
      }
      return toWebhookDto(webhook);
    },

    async remove(scope, storeId, id) {
      const webhook = await findWebhook(scope, storeId, id);
      await webhook.destroy();
      await deps.activities.record(scope, {
        event: 'webhook.deleted',
        subjectType: 'webhook',
        subjectId: webhook.id,
        old: logged(webhook),
      });
    },
  };
}
