import { Button } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { routes } from '@syncdesk/contracts';
import { PageHeader, useSessionUser } from '@syncdesk/web-kit';

import { ProductForm } from './ProductForm';

/** `/products/{storeId}/create`: a new product or kit; saving opens its detail page. */
export function ProductCreatePage() {
  const { storeId = '' } = useParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const store = user?.stores.find((candidate) => String(candidate.id) === storeId);
  return (
    <>
      <PageHeader
        title="Create product"
        subtitle={store?.name}
        actions={<Button onClick={() => void navigate(routes.productList(storeId))}>Back to products</Button>}
      />
      <ProductForm
        storeId={storeId}
        onSaved={(product) => void navigate(routes.productDetail(storeId, product.id))}
      />
    </>
  );
}
