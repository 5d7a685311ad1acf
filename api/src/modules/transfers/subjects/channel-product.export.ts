import { Op } from 'sequelize';
import { exportChannelProductsSchema, routes } from '@syncdesk/contracts';
import { validate } from '../../../http/validate';
import { channelProductCells, channelProductColumns } from '../transfer-columns';
import { channelProductSelection } from '../transfer-selections';
import type { ExportSubject } from '../export-subject';

/** `POST stores/{storeId}/channels/{channelId}/products/export/{fileFormat}`: one channel's listings. */
export const channelProductExport: ExportSubject = {
  subject: 'channel_products',
  permission: 'products.read',
  // No personal data: anyone who may read the subject may download any such file.
  personalData: false,
  labels: { plural: 'channel products', sheet: 'Channel products', file: 'channel-products' },
  page: ({ storeId, channelId }) => routes.channelProducts(storeId, channelId),
  select(models, { storeId, channelId }, query, body) {
    const uuids = validate(exportChannelProductsSchema, body ?? {}).channel_product_uuids;
    channelProductSelection(models, storeId, channelId!, query, uuids);
    return { query, uuids };
  },
  plan({ models, storeId, channelId, selection }) {
    const where = channelProductSelection(models, storeId, channelId!, selection.query, selection.uuids);
    return {
      columns: channelProductColumns.columns,
      sheetName: channelProductExport.labels.sheet,
      count: () => models.ChannelProduct.count({ where }),
      async page(afterId, limit) {
        const listings = await models.ChannelProduct.findAll({
          where: { [Op.and]: [where, { id: { [Op.gt]: afterId } }] },
          order: [['id', 'ASC']],
          limit,
          attributes: [
            'id',
            'channel_product_id',
            'sku',
            'remote_sku',
            'title',
            'quantity',
            'price',
            'listing_status',
            'matched_sku',
          ],
          raw: true,
        });
        const rows = listings.map((listing) =>
          channelProductCells({
            ...listing,
            price: listing.price === null ? null : Number(listing.price).toFixed(2),
          }),
        );
        return { rows, lastId: listings.at(-1)?.id ?? afterId };
      },
    };
  },
};
