import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { Models, Store } from '../../db/models';

export const SHARED_STORE_READ_ONLY = 'A shared store can only be changed by its owner.';

/**
 * A store the caller's company owns or that was shared with it. Anything else — another company's
 * store that isn't shared, or no store at all — is the same 404, so ids reveal nothing. Read from
 * the tables rather than the scope's id lists, which were taken at the start of the request.
 */
export async function findReachableStore(
  models: Models,
  scope: RequestScope,
  id: number,
): Promise<{ store: Store; own: boolean }> {
  const store = await models.Store.findByPk(id);
  if (!store) throw AppError.notFound();
  if (store.company_id === scope.companyId) return { store, own: true };
  const share = await models.StoreShare.findOne({
    where: { store_id: store.id, company_id: scope.companyId },
    attributes: ['id'],
  });
  if (!share) throw AppError.notFound();
  return { store, own: false };
}

/**
 * A store the caller's company owns, for any change. A store shared with the company is visible to
 * it, so refusing with 403 says why; stores it can't see stay 404.
 */
export async function findOwnStore(
  models: Models,
  scope: RequestScope,
  id: number,
  sharedMessage = SHARED_STORE_READ_ONLY,
): Promise<Store> {
  const { store, own } = await findReachableStore(models, scope, id);
  if (!own) throw new AppError('forbidden', sharedMessage);
  return store;
}
