import type { CoreServices } from '../../services';
import { createPickupProductService, type PickupProductService } from './pickup-product.service';
import { createPickupStoreService, type PickupStoreService } from './pickup-store.service';

/** The pickup domain's services, as they appear on `Services`. */
export interface PickupServices {
  pickupStores: PickupStoreService;
  pickupProducts: PickupProductService;
}

export function createPickupServices(core: CoreServices): PickupServices {
  const deps = { sequelize: core.sequelize, models: core.models, activities: core.activities };
  return {
    pickupStores: createPickupStoreService(deps),
    pickupProducts: createPickupProductService(deps),
  };
}
