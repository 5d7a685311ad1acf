import type { ApiRoute } from '../../http/api-route';
import type { ConfirmationOrderServices } from './confirmation-order-services';

// FOUNDATION STUB — the helper owning this area replaces this file's contents.
export function confirmationOrderRoutes(_services: () => ConfirmationOrderServices): ApiRoute[] {
  return [];
}
