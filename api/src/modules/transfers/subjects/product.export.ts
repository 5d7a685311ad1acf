import { Op } from 'sequelize';
import { exportProductsSchema, routes } from '@syncdesk/contracts';
import { validate } from '../../../http/validate';
import { productCells, productColumns, type ProductExportRecord } from '../transfer-columns';
import { productSelection } from '../transfer-selections';
import type { ExportSubject } from '../export-subject';

/** `POST products/{storeId}/export/{fileFormat}`: the catalogue, in the columns its import reads back. */
export const productExport: ExportSubject = {
  subject: 'products',
  permission: 'products.read',
  // No personal data: anyone who may read the subject may download any such file.
  personalData: false,
  labels: { plural: 'products', sheet: 'Products', file: 'products' },
  page: ({ storeId }) => routes.productList(storeId),
  select(models, { storeId }, query, body) {
    const uuids = validate(exportProductsSchema, body ?? {}).product_uuids;
    productSelection(models, storeId, query, uuids);
    return { query, uuids };
  },
  plan({ models, storeId, selection }) {
    const where = productSelection(models, storeId, selection.query, selection.uuids);
    return {
      columns: productColumns.columns,
      sheetName: productExport.labels.sheet,
      count: () => models.Product.count({ where }),
      async page(afterId, limit) {
        const products = await models.Product.findAll({
          where: { [Op.and]: [where, { id: { [Op.gt]: afterId } }] },
          order: [['id', 'ASC']],
          limit,
          attributes: [
            'id',
            'sku',
            'title',
            'type',
            'quantity',
            'price',
            'nominal_code',
            'barcode',
            'auto_sync_stock',
          ],
          raw: true,
        });
        const kitIds = products.filter((product) => product.type === 'kit').map((product) => product.id);
        const items = kitIds.length
          ? await models.KitItem.findAll({
              where: { kit_product_id: kitIds },
              attributes: ['kit_product_id', 'sku', 'quantity'],
              order: [['id', 'ASC']],
              raw: true,
            })
          : [];
        const itemsOf = new Map<number, { sku: string; quantity: number }[]>();
        for (const item of items) {
          const list = itemsOf.get(item.kit_product_id) ?? [];
          list.push({ sku: item.sku, quantity: item.quantity });
          itemsOf.set(item.kit_product_id, list);
        }
        const rows = products.map((product) => {
          const record: ProductExportRecord = {
            ...product,
            price: product.price === null ? null : Number(product.price).toFixed(2),
            auto_sync_stock: Boolean(product.auto_sync_stock),
            kit_items: itemsOf.get(product.id) ?? [],
          };
          return productCells(record);
        });
        return { rows, lastId: products.at(-1)?.id ?? afterId };
      },
    };
  },
};
