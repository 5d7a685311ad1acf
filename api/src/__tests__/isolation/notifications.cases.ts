import { ALPHA_MARKER, noRequest, type IsolationWorld, type RouteCases } from './route-case';

/**
 * In-app notifications: every signed-in user reads and changes only their own, so each case gives
 * Alpha's owner a fresh notification (its title carries the marker) and asks about it; Beta's owner
 * must never see it, and a bulk update naming its id leaves it alone.
 */
async function alphaNotification(world: IsolationWorld) {
  return world.services.notifications.notify({
    userId: world.alpha.owner.id,
    companyId: world.alpha.company.id,
    level: 0,
    title: `${ALPHA_MARKER} import finished`,
    message: `${ALPHA_MARKER} products.csv: 10 rows imported.`,
    link: `/products/${world.alpha.stores[0]!.id}`,
  });
}

export const notificationsCases: RouteCases = {
  'GET /notifications': {
    request: async (world) => {
      await alphaNotification(world);
      return {};
    },
    ownerStatus: 200,
    isolation: 'own',
  },
  'GET /notifications/stats': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'PUT /notifications/bulk-update': {
    request: async (world) => {
      const notification = await alphaNotification(world);
      return { body: { ids: [notification.id], status: 1 } };
    },
    ownerStatus: 200,
    isolation: 'own',
  },
};
