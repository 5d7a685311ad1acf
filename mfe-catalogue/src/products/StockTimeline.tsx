import { useEffect, type ReactNode } from 'react';
import { Card, Col, Empty, Row, Table, Timeline, Typography, type TableColumnType } from 'antd';
import { Link } from 'react-router';

import {
  routes,
  type ActivityDto,
  type StockMovementDto,
  type StockMovementReason,
  type StockMovementSourceDto,
} from '@syncdesk/contracts';
import { formatDate, useListQuery } from '@syncdesk/web-kit';

import { stockActivitiesPath, stockMovementsPath } from './products.api';

export interface StockTimelineProps {
  storeId: string;
  productId: number;
  /** Bumped by the page on every live stock event, so the timeline refetches with the figures. */
  version: number;
  /**
   * A kit's components: a kit has no stock of its own, so its ledger is theirs (each row names
   * its component) and its activity is its availability as they moved it.
   */
  components?: { product_id: number; sku: string }[];
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

/** Where a movement's source is in the back office: the order, the channel or plugin, the import. */
export function sourcePath(storeId: string, source: StockMovementSourceDto): string {
  switch (source.kind) {
    case 'order':
      return routes.orderDetail(storeId, source.order_id);
    case 'channel':
      return routes.channelDetail(storeId, source.channel_id);
    case 'plugin':
      return routes.pluginDetail(storeId, source.plugin_id);
    case 'import':
      // The products page opens an import's outcome from `?transfer=` (as its notification does).
      return `${routes.productList(storeId)}?transfer=${encodeURIComponent(source.transfer_uuid)}`;
    default:
      return assertNever(source);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown stock movement source ${JSON.stringify(value)}`);
}

/** A movement's source: a link to its record when the server found one, else the reference as written. */
function sourceCell(storeId: string, movement: StockMovementDto): ReactNode {
  const source = movement.source ?? null;
  if (source) {
    return (
      <Link to={sourcePath(storeId, source)} title={movement.source_ref ?? undefined}>
        {source.label}
      </Link>
    );
  }
  return movement.source_ref ?? '—';
}

/** The components whose movement moved a kit's figure (a kit entry's `components`). */
function componentsOf(activity: ActivityDto): string | null {
  const components = activity.new?.components;
  if (!Array.isArray(components)) return null;
  const skus = components.filter((sku): sku is string => typeof sku === 'string');
  return skus.length === 0 ? null : `via ${skus.join(', ')}`;
}

function quantityOf(values: Record<string, unknown> | null): string {
  const quantity = values?.quantity;
  return typeof quantity === 'number' || typeof quantity === 'string' ? String(quantity) : '—';
}

/**
 * A product's stock history: the ledger (every movement with its resulting figure, reason,
 * source and author) beside the `stock_updated` activities (old → new, who, through what).
 */
export function StockTimeline({ storeId, productId, version, components }: StockTimelineProps) {
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
            locale={{
              emptyText: components ? 'No stock movements of its components yet.' : 'No stock movements yet.',
            }}
            columns={[
              {
                key: 'created_at',
                title: 'When',
                dataIndex: 'created_at',
                render: (value: string) => formatDate(value),
              },
              ...componentColumn(storeId, components),
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
                render: (_value: string | null, movement) => sourceCell(storeId, movement),
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
                        componentsOf(activity),
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

/** A kit's ledger names the component each movement is of, linked to that product. */
function componentColumn(
  storeId: string,
  components: StockTimelineProps['components'],
): TableColumnType<StockMovementDto>[] {
  if (!components) return [];
  const skuOf = new Map(components.map((component) => [component.product_id, component.sku]));
  return [
    {
      key: 'product_id',
      title: 'Component',
      dataIndex: 'product_id',
      render: (productId: number) => (
        <Link to={routes.productDetail(storeId, productId)}>
          {skuOf.get(productId) ?? `Product ${productId}`}
        </Link>
      ),
    },
  ];
}
