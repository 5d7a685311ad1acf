import { useEffect } from 'react';
import { Card, Col, Empty, Row, Table, Timeline, Typography } from 'antd';

import type { ActivityDto, StockMovementDto, StockMovementReason } from '@syncdesk/contracts';
import { formatDate, useListQuery } from '@syncdesk/web-kit';

import { stockActivitiesPath, stockMovementsPath } from './products.api';

export interface StockTimelineProps {
  storeId: string;
  productId: number;
  /** Bumped by the page on every live stock event, so the timeline refetches with the figures. */
  version: number;
}

export const STOCK_REASON_LABELS: Record<StockMovementReason, string> = {
  manual: 'Manual change',
  import: 'Import',
  order: 'Order',
  cancellation: 'Order cancelled',
  plugin: 'Plugin (warehouse) report',
  correction: 'Correction',
};

function isReason(value: unknown): value is StockMovementReason {
  return typeof value === 'string' && Object.hasOwn(STOCK_REASON_LABELS, value);
}

/** What moved the stock, in words: the movement's reason, else how it came (`via`). */
function causeOf(activity: ActivityDto): string {
  const reason = activity.new?.reason;
  if (isReason(reason)) return STOCK_REASON_LABELS[reason];
  return isReason(activity.via) ? STOCK_REASON_LABELS[activity.via] : activity.via;
}

/** `+3`, `−2`, `0`: a change with its sign, so a glance tells stock in from stock out. */
export function signed(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${Math.abs(delta)}`;
  return '0';
}

function quantityOf(values: Record<string, unknown> | null): string {
  const quantity = values?.quantity;
  return typeof quantity === 'number' || typeof quantity === 'string' ? String(quantity) : '—';
}

/**
 * A product's stock history: the ledger (every movement with its resulting figure, reason,
 * source and author) beside the `stock_updated` activities (old → new, who, through what).
 */
export function StockTimeline({ storeId, productId, version }: StockTimelineProps) {
  const ledger = useListQuery<StockMovementDto>(stockMovementsPath(storeId, productId), {
    initialParams: { per_page: 10 },
  });
  const activities = useListQuery<ActivityDto>(stockActivitiesPath(productId), {
    initialParams: { per_page: 10 },
  });
  const reloadLedger = ledger.reload;
  const reloadActivities = activities.reload;
  useEffect(() => {
    if (version === 0) return;
    reloadLedger();
    reloadActivities();
  }, [version, reloadLedger, reloadActivities]);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card title="Stock ledger">
          <Table<StockMovementDto>
            size="small"
            aria-label="Stock ledger"
            rowKey="id"
            dataSource={ledger.data}
            loading={ledger.loading}
            pagination={{
              current: ledger.params.page ?? 1,
              pageSize: ledger.params.per_page ?? 10,
              total: ledger.total,
              onChange: (page, perPage) => ledger.setParams({ page, per_page: perPage }),
            }}
            locale={{ emptyText: 'No stock movements yet.' }}
            columns={[
              {
                key: 'created_at',
                title: 'When',
                dataIndex: 'created_at',
                render: (value: string) => formatDate(value),
              },
              {
                key: 'delta',
                title: 'Change',
                dataIndex: 'delta',
                align: 'right',
                render: (delta: number) => (
                  <Typography.Text type={delta < 0 ? 'danger' : delta > 0 ? 'success' : undefined}>
                    {signed(delta)}
                  </Typography.Text>
                ),
              },
              {
                key: 'quantity_after',
                title: 'Resulting quantity',
                dataIndex: 'quantity_after',
                align: 'right',
              },
              {
                key: 'reason',
                title: 'Reason',
                dataIndex: 'reason',
                render: (reason: StockMovementReason) => STOCK_REASON_LABELS[reason] ?? reason,
              },
              {
                key: 'source_ref',
                title: 'Source',
                dataIndex: 'source_ref',
                render: (value: string | null) => value ?? '—',
              },
              {
                key: 'user_name',
                title: 'Who',
                dataIndex: 'user_name',
                render: (value: string | null) => value ?? 'System',
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card title="Stock activity">
          {activities.data.length === 0 && !activities.loading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No stock activity yet." />
          ) : (
            <Timeline
              aria-label="Stock activity"
              items={activities.data.map((activity) => ({
                key: activity.id,
                content: (
                  <>
                    <Typography.Text>
                      {quantityOf(activity.old)} → {quantityOf(activity.new)}
                    </Typography.Text>
                    <br />
                    <Typography.Text type="secondary">
                      {[
                        formatDate(activity.created_at),
                        activity.source_name || activity.source,
                        causeOf(activity),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                  </>
                ),
              }))}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
