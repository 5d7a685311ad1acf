import { useParams } from 'react-router';
import { ListPage } from '@syncdesk/web-kit';

const ITEM_COLUMNS = [
  { title: 'SKU', dataIndex: 'product_sku' },
  { title: 'Matched SKU', dataIndex: 'matched_sku' },
  { title: 'Title', dataIndex: 'title' },
  { title: 'Quantity', dataIndex: 'quantity' },
  { title: 'Price', dataIndex: 'price' },
  { title: 'Tax', dataIndex: 'tax_total' },
  { title: 'Total', dataIndex: 'total_price' },
];

/** `/orders/:storeId/:orderId`: the order's items. */
export function OrderDetailPage() {
  const { storeId, orderId } = useParams();
  return (
    <ListPage
      title={`Order ${orderId ?? ''}`}
      subtitle={`Store ${storeId ?? ''}`}
      columns={ITEM_COLUMNS}
      emptyText="No order items"
    />
  );
}
