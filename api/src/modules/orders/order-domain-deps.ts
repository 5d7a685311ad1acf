import type { CoreServices } from '../../services';
import type { CatalogueServices } from '../catalogue.module';

/** What every order-domain service is built from. */
export interface OrderDomainDeps {
  core: CoreServices;
  catalogue: CatalogueServices;
}
