import type { CoreServices } from '../../services';
import { createChannelCourierService, type ChannelCourierService } from './channel-courier.service';
import { createCourierMappingService, type CourierMappingService } from './courier-mapping.service';
import { createCourierService, type CourierService } from './courier.service';

/** The courier domain's services, as they appear on `Services`. */
export interface CourierServices {
  couriers: CourierService;
  channelCouriers: ChannelCourierService;
  courierMappings: CourierMappingService;
}

export function createCourierServices(core: CoreServices): CourierServices {
  const deps = { sequelize: core.sequelize, models: core.models, activities: core.activities };
  return {
    couriers: createCourierService(deps),
    channelCouriers: createChannelCourierService(deps),
    courierMappings: createCourierMappingService(deps),
  };
}
