import type { ApiRoute } from '../../http/api-route';
import type { TransferServices } from './transfer-services';

// FOUNDATION STUB — the transfers helper replaces this file's contents.
export function transferRoutes(_services: () => TransferServices): ApiRoute[] {
  return [];
}
