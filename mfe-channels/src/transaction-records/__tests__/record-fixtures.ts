import type { TransactionRecordDto } from '@syncdesk/contracts';

import { ALL_SCOPES, sessionUser } from '../../__tests__/render-page';

/** May read records and act on them (retry and ignore need channels.update). */
export const OPERATOR = sessionUser({ scope: [...ALL_SCOPES, 'channels.update'] });
/** May read records only. */
export const READER = sessionUser({ scope: ['stores.read', 'channels.read', 'logs.read'] });

/** A failed Shopify stock push of channel 5 in store 11, as `GET …/logs` answers it. */
export function record(overrides: Partial<TransactionRecordDto> = {}): TransactionRecordDto {
  return {
    id: 900,
    store_id: 11,
    channel_id: 5,
    channel_name: 'Acme Shopify',
    kind: 'channel',
    type: 'submit_inventory',
    method: 'POST',
    url: 'https://acme.myshopify.com/admin/api/2025-07/inventory_levels/set.json',
    status: 4,
    http_status: 401,
    response_time: 182,
    attempts: 1,
    message: 'Invalid API key or access token',
    waiting_request_count: 3,
    retry_of_id: null,
    retried_by_id: null,
    retried_by_status: null,
    handling: 'open',
    retryable: true,
    ignored: false,
    date: '2026-11-23T14:03:05Z',
    ...overrides,
  };
}

export const SUCCESSFUL = record({
  id: 901,
  type: 'get_orders',
  method: 'GET',
  url: 'https://acme.myshopify.com/admin/api/2025-07/orders.json?status=any',
  status: 2,
  http_status: 200,
  response_time: 95,
  message: '3 orders downloaded',
  waiting_request_count: 0,
  retryable: false,
  date: '2026-11-23T14:05:00Z',
});

export const LOGS = '/logs/stores/11/channels/5/logs';
