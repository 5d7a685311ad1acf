import { Alert, Button, Skeleton } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';

import { routes, SUCCESS_MESSAGES } from '@syncdesk/contracts';
import { notifySuccess, PageHeader, useCan } from '@syncdesk/web-kit';

import { InvoiceForm } from './InvoiceForm';
import { NO_ACCOUNTING_CHANNEL_TEXT } from './InvoiceListPage';
import { useInvoiceChannels } from './useInvoiceChannels';

/** `/invoices/{storeId}/create`: a new invoice for one of the store's accounting channels. */
export function InvoiceCreatePage() {
  const { storeId = '' } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const channels = useInvoiceChannels(storeId);
  const back = () => void navigate(routes.invoiceList(storeId));

  const header = (
    <PageHeader title="Create invoice" subtitle={<Link to={routes.invoiceList(storeId)}>Invoices</Link>} />
  );
  if (!can('orders.create')) {
    return (
      <>
        {header}
        <Alert
          type="warning"
          showIcon
          title="You may not create invoices. Ask an administrator for the orders: create permission."
        />
      </>
    );
  }
  if (channels === null) {
    return (
      <>
        {header}
        <Skeleton active />
      </>
    );
  }
  if (channels.length === 0) {
    return (
      <>
        {header}
        <Alert
          type="info"
          showIcon
          title={NO_ACCOUNTING_CHANNEL_TEXT}
          action={<Button onClick={back}>Back to invoices</Button>}
        />
      </>
    );
  }
  return (
    <>
      {header}
      <InvoiceForm
        storeId={storeId}
        channels={channels}
        onCancel={back}
        onCreated={(invoice) => {
          notifySuccess(SUCCESS_MESSAGES.created);
          void navigate(routes.invoiceDetail(storeId, invoice.id));
        }}
      />
    </>
  );
}
