import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { useNavigate } from 'react-router';

import {
  nextPickupStatus,
  PICKUP_ACTIONS,
  PICKUP_PRODUCT_STATUS,
  routes,
  SHOPIFY_PICKUP_SYNC_STATUS,
  SUCCESS_MESSAGES,
  type PickupProductDto,
  type PickupProductStatus,
} from '@syncdesk/contracts';
import { DataTable, notifySuccess, StatusTag, useListQuery, type DataTableColumn } from '@syncdesk/web-kit';

import {
  deleteAllPickupProducts,
  deletePickupProduct,
  pickupProductsPath,
  updatePickupProduct,
} from './pickups.api';

export interface PickupProductTableProps {
  storeId: string;
  channelId: string;
  pickupId: number;
  mayUpdate: boolean;
}

/** The products waiting at a pickup store, with their pickup steps. */
export function PickupProductTable({ storeId, channelId, pickupId, mayUpdate }: PickupProductTableProps) {
  const navigate = useNavigate();
  const query = useListQuery<PickupProductDto>(pickupProductsPath(storeId, channelId, pickupId));
  const [markingId, setMarkingId] = useState<number | null>(null);
  const add = () => void navigate(routes.channelPickupProductCreate(storeId, channelId, pickupId));

  const mark = async (product: PickupProductDto, status: PickupProductStatus) => {
    setMarkingId(product.id);
    try {
      await updatePickupProduct(storeId, channelId, pickupId, product.id, { pickup_status: status });
      notifySuccess(SUCCESS_MESSAGES.updated);
      query.reload();
    } catch {
      // Notified by the api client's error handler (the refusal says which step comes next).
    } finally {
      setMarkingId(null);
    }
  };

  const remove = async (product: PickupProductDto) => {
    try {
      await deletePickupProduct(storeId, channelId, pickupId, product.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const removeAll = async () => {
    try {
      await deleteAllPickupProducts(storeId, channelId, pickupId);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<PickupProductDto>[] = [
    { key: 'product_sku', title: 'SKU', dataIndex: 'product_sku', sorter: true },
    { key: 'title', title: 'Title', dataIndex: 'title', sorter: true, render: (value) => value ?? '—' },
    { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', sorter: true, align: 'right' },
    {
      key: 'pickup_status',
      title: 'Pickup status',
      dataIndex: 'pickup_status',
      sorter: true,
      render: (value: PickupProductStatus) => <StatusTag vocabulary={PICKUP_PRODUCT_STATUS} value={value} />,
    },
    {
      key: 'status',
      title: 'Shopify sync',
      dataIndex: 'status',
      render: (value: number) => <StatusTag vocabulary={SHOPIFY_PICKUP_SYNC_STATUS} value={value} />,
    },
  ];
  if (mayUpdate) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_value, product) => {
        const next = nextPickupStatus(product.pickup_status);
        return (
          <Space size={4} wrap>
            {PICKUP_ACTIONS.map((action) => (
              <Button
                key={action.to}
                size="small"
                type={next === action.to ? 'primary' : 'default'}
                disabled={next !== action.to}
                loading={markingId === product.id && next === action.to}
                onClick={() => void mark(product, action.to)}
              >
                {action.action}
              </Button>
            ))}
            <Button
              size="small"
              onClick={() =>
                void navigate(routes.channelPickupProductDetail(storeId, channelId, pickupId, product.id))
              }
            >
              Edit
            </Button>
            <Popconfirm
              title={`Delete ${product.product_sku}?`}
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(product)}
            >
              <Button size="small" danger>
                Delete
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    });
  }

  return (
    <DataTable
      tableKey="channels.pickup-products"
      label="Pickup products"
      query={query}
      columns={columns}
      searchPlaceholder="Search products"
      emptyText="No products waiting at this pickup store"
      emptyAction={mayUpdate ? <Button onClick={add}>Add a product</Button> : undefined}
      toolbar={
        mayUpdate ? (
          <>
            <Button type="primary" onClick={add}>
              Add product
            </Button>
            <Popconfirm
              title="Delete all products of this pickup store?"
              description="This cannot be undone."
              okText="Delete all"
              okButtonProps={{ danger: true }}
              onConfirm={removeAll}
              disabled={query.total === 0}
            >
              <Button danger disabled={query.total === 0}>
                Delete all products
              </Button>
            </Popconfirm>
          </>
        ) : undefined
      }
    />
  );
}
