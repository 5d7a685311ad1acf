import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { Models } from '../../db/models';

export const saveDeviceTokenSchema = z.object({
  device_token: z.string({ error: 'The device token field is required.' }).trim().min(1).max(255),
  device_type: z.literal('web', { error: 'The device type must be web.' }),
});

/** The response header that carries the saved registration's id (spec §7 `saveFcmDeviceToken`). */
export const DEVICE_TOKEN_ID_HEADER = 'X-Device-Token-Id';

/**
 * Browser push registrations (administrators register at login, spec §2). They are kept so a push
 * sender can reach them; no push provider is reachable from here, so nothing sends yet.
 */
export interface PushDeviceService {
  save(scope: RequestScope, deviceToken: string, deviceType: string): Promise<{ id: number }>;
  remove(scope: RequestScope, id: number): Promise<void>;
}

export function createPushDeviceService(deps: { models: Models }): PushDeviceService {
  const { PushDeviceToken } = deps.models;
  return {
    async save(scope, deviceToken, deviceType) {
      const [row] = await PushDeviceToken.findOrCreate({
        where: { user_id: scope.userId, device_token: deviceToken },
        defaults: { user_id: scope.userId, device_token: deviceToken, device_type: deviceType },
      });
      return { id: row.id };
    },
    async remove(scope, id) {
      const removed = await PushDeviceToken.destroy({ where: { id, user_id: scope.userId } });
      if (removed === 0) throw AppError.notFound();
    },
  };
}
