import type { CoreServices } from '../../services';
import type { CatalogueServices } from '../catalogue.module';

// FOUNDATION STUB — the helper owning this area replaces this file's contents.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the confirmation-orders work
export interface ConfirmationOrderServices {}

export function createConfirmationOrderServices(
  _core: CoreServices,
  _catalogue: CatalogueServices,
): ConfirmationOrderServices {
  return {};
}
