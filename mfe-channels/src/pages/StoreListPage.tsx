import { Button, Flex, Popconfirm, Space, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';

import { SUCCESS_MESSAGES, type StoreDto, type StoreNotificationDto } from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  notifySuccess,
  PageHeader,
  refreshSessionUser,
  useListQuery,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { deleteStore, STORES_PATH } from '../api/stores.api';
import { useCan } from '../hooks/useCan';

export function StoreListPage() {
  const can = useCan();
  const navigate = useNavigate();
  const query = useListQuery<StoreDto>(STORES_PATH);
  const mayCreate = can('stores.create');

  const remove = async (store: StoreDto) => {
    try {
      await deleteStore(store.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
      // The session's store list drives the navigation (store-bound items are disabled without one).
      await refreshSessionUser();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<StoreDto>[] = [
    {
      key: 'name',
      title: 'Name',
      dataIndex: 'name',
      sorter: true,
      render: (name: string, store) => (
        <>
          <Link to={`/stores/${store.id}`}>{name}</Link>{' '}
          {store.shared ? <Tag color="processing">Shared</Tag> : null}
        </>
      ),
    },
    {
      key: 'storeNotifications',
      title: 'Notification e-mails',
      dataIndex: 'storeNotifications',
      render: (entries: StoreNotificationDto[]) =>
        entries.length > 0 ? (
          <Flex gap={4} wrap>
            {entries.map((entry) => (
              <Tag key={entry.id}>{entry.email}</Tag>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      key: 'created_at',
      title: 'Created',
      dataIndex: 'created_at',
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_value, store) => (
        <Space size={4}>
          <Button size="small" onClick={() => void navigate(`/stores/${store.id}`)}>
            {store.shared || !can('stores.update') ? 'View' : 'Edit'}
          </Button>
          {!store.shared && can('stores.delete') ? (
            <Popconfirm
              title={`Delete ${store.name}?`}
              description="Its channels, plugins and webhooks go with it."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(store)}
            >
              <Button size="small" danger>
                Delete
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Stores"
        actions={
          mayCreate ? (
            <Button type="primary" onClick={() => void navigate('/stores/create')}>
              Create store
            </Button>
          ) : null
        }
      />
      <DataTable
        tableKey="channels.stores"
        label="Stores"
        query={query}
        columns={columns}
        searchPlaceholder="Search stores"
        emptyText="No stores yet"
        emptyAction={
          mayCreate ? (
            <Button onClick={() => void navigate('/stores/create')}>Create your first store</Button>
          ) : undefined
        }
      />
    </>
  );
}
