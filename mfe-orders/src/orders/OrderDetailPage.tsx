import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { FULFILMENT_STATUS, ORDER_STATUS, ORDER_SYNC_STATUS, PAYMENT, routes } from '@syncdesk/contracts';
import { formatDate, PageHeader, RecordLoadState, StatusTag, useCan } from '@syncdesk/web-kit';

import { useOrdersRefresh } from '../hooks/useOrdersRefresh';
import { OrderCustomer, OrderTotals } from './OrderParties';
import { OrderFulfilments } from './OrderFulfilments';
import { OrderItemsTable } from './OrderItemsTable';
import { OrderRuleTrace } from './OrderRuleTrace';
import { OrderSyncActions } from './OrderSyncActions';
import { OrderSyncStates } from './OrderSyncStates';
import { OrderTimeline } from './OrderTimeline';
import { useOrderDetail } from './useOrderDetail';

/**
 * `/orders/{storeId}/{orderId}`: one order, live. (The limited-account dialog that platform-shell
 * §9 shows on this route is the shell's: its account banner matches the route on every change.)
 */
export function OrderDetailPage() {
  const { storeId = '', orderId = '' } = useParams();
  return <OrderDetail key={`${storeId}/${orderId}`} storeId={storeId} orderId={orderId} />;
}

function OrderDetail({ storeId, orderId }: { storeId: string; orderId: string }) {
  const can = useCan();
  const navigate = useNavigate();
  const { order, failed, reload } = useOrderDetail(storeId, orderId);
  // Bumped with every reload, so the fulfilments and the timeline refetch with the order.
  const [version, setVersion] = useState(0);
  const mayUpdate = can('orders.update');

  const refresh = () => {
    reload();
    setVersion((count) => count + 1);
  };
  useOrdersRefresh({ storeId, orderId: Number(orderId), refresh });

  const back = <Button onClick={() => void navigate(routes.orderList(storeId))}>Back to orders</Button>;
  if (!order) return <RecordLoadState title="Order" noun="order" actions={back} failed={failed} />;

  return (
    <>
      <PageHeader
        title={`Order ${order.order_number}`}
        subtitle={
          <Flex gap={8} align="center" wrap>
            <StatusTag vocabulary={ORDER_SYNC_STATUS} value={order.sync_status} />
            <StatusTag vocabulary={ORDER_STATUS} value={order.status} />
            <StatusTag vocabulary={PAYMENT} value={order.payment_status} />
            <StatusTag vocabulary={FULFILMENT_STATUS} value={order.fulfillment} />
            {order.send_via_webhook ? <Tag>Send via webhook</Tag> : null}
            <Typography.Text type="secondary">
              {[order.channel_name, formatDate(order.order_date)].filter(Boolean).join(' · ')}
            </Typography.Text>
          </Flex>
        }
        actions={
          <>
            {back}
            {mayUpdate ? <OrderSyncActions storeId={storeId} order={order} onChanged={refresh} /> : null}
          </>
        }
      />
      {order.failure_reason ? (
        <Alert
          type="error"
          showIcon
          title="This order could not be imported as it is"
          description={order.failure_reason}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            <Card title="Items">
              <OrderItemsTable storeId={storeId} items={order.items} currency={order.currency ?? undefined} />
            </Card>
            <OrderFulfilments
              storeId={storeId}
              order={order}
              mayUpdate={mayUpdate}
              version={version}
              onChanged={refresh}
            />
            <OrderSyncStates storeId={storeId} order={order} mayUpdate={mayUpdate} onChanged={refresh} />
            <OrderRuleTrace storeId={storeId} orderId={orderId} version={version} />
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <OrderTotals order={order} />
            <OrderCustomer order={order} />
            <OrderTimeline orderId={order.id} orderNumber={order.order_number} version={version} />
          </Flex>
        </Col>
      </Row>
    </>
  );
}
