import type { CoreServices } from '../../services';
import type { ProductServices } from '../products/product-services';
import type { ChannelProductServices } from '../channel-products/channel-product-services';
import type { NotificationServices } from '../notifications/notification.service';

// FOUNDATION STUB — the transfers helper replaces this file's contents.

export interface TransferService {
  /** Runs one queued import or export (the `catalogue.transfer` job). */
  run(transferId: number): Promise<void>;
}

export interface TransferServices {
  transfers: TransferService;
}

export function createTransferServices(
  _core: CoreServices,
  _deps: ProductServices & ChannelProductServices & NotificationServices,
): TransferServices {
  return {
    transfers: {
      run: () => {
        throw new Error('not built yet');
      },
    },
  };
}
