import type { ConfirmationOrderImport, ConfirmationOrderImportResult } from '@syncdesk/contracts';
import type { CoreServices } from '../../services';
import type { CatalogueServices } from '../catalogue.module';
import { createConfirmationOrderImport } from './confirmation-order-import';
import {
  CONFIRMATION_ORDER_SUBJECT,
  createConfirmationOrderService,
  type ConfirmationOrderService,
} from './confirmation-order.service';

export interface ConfirmationOrderDomainService extends ConfirmationOrderService {
  /**
   * Stores a batch of a channel's purchase orders idempotently on (channel, purchase order
   * number): the seed, the tests and the connectors all call this.
   */
  importBatch(
    channelId: number,
    purchaseOrders: readonly ConfirmationOrderImport[],
  ): Promise<ConfirmationOrderImportResult>;
}

export interface ConfirmationOrderServices {
  confirmationOrders: ConfirmationOrderDomainService;
}

export function createConfirmationOrderServices(
  core: CoreServices,
  _catalogue: CatalogueServices,
): ConfirmationOrderServices {
  const deps = { sequelize: core.sequelize, models: core.models, activities: core.activities };
  const service = createConfirmationOrderService(deps);
  // `GET activities/confirmation_order/{id}`: the order's activities, for whoever may read the order.
  core.activities.registerSubjectHistory(CONFIRMATION_ORDER_SUBJECT, {
    subjectType: CONFIRMATION_ORDER_SUBJECT,
    reach: (scope, id) => service.reach(scope, id),
  });
  return {
    confirmationOrders: { ...service, importBatch: createConfirmationOrderImport(deps) },
  };
}
