import type { WebhookDto } from '@syncdesk/contracts';
import type { Webhook } from '../../db/webhook.models';

/** The api's view of a webhook: the auth secret is never part of it, only whether one is saved. */
export function toWebhookDto(webhook: Webhook): WebhookDto {
  return {
    id: webhook.id,
    uuid: webhook.uuid,
    company_id: webhook.company_id,
    store_id: webhook.store_id,
    name: webhook.name,
    event: webhook.event,
    method: webhook.method,
    url: webhook.url,
    requires_auth: Boolean(webhook.requires_auth),
    auth_header_name: webhook.auth_header_name,
    has_auth_secret: Boolean(webhook.auth_secret),
    is_active: Boolean(webhook.is_active),
    created_at: webhook.created_at.toISOString(),
    updated_at: webhook.updated_at.toISOString(),
  };
}

/** What the activity log keeps of a webhook: its settings, and whether a secret is set (never the secret). */
export function webhookActivityValues(webhook: Webhook): Record<string, unknown> {
  return {
    name: webhook.name,
    event: webhook.event,
    method: webhook.method,
    url: webhook.url,
    requires_auth: Boolean(webhook.requires_auth),
    auth_header_name: webhook.auth_header_name,
    is_active: Boolean(webhook.is_active),
  };
}
