import { useState } from 'react';
import { Button, Flex, Popconfirm, Select, Tag, Tooltip } from 'antd';
import { useNavigate } from 'react-router';

import {
  HOSTED_PAGE_LINK_STATUS_DISPLAY,
  HOSTED_PAGE_LINK_STATUSES,
  ROUTE_PATTERNS,
  SUCCESS_MESSAGES,
  type HostedPageLinkDto,
  type ListParams,
} from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  notifySuccess,
  PageHeader,
  rememberCurrentStore,
  TONE_COLORS,
  useListQuery,
  useSessionUser,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { HOSTED_PAGE_LIST_PATH, revokeHostedPageLink } from '../api/hosted-pages.api';
import { useCan } from '../hooks/useCan';
import { channelTypesSummary } from './channel-type-options';
import { CreateLinkModal } from './CreateLinkModal';
import { copyLink } from './copy-link';
import { LinkDetailDrawer } from './LinkDetailDrawer';

/**
 * `/hostedPages`: the company's hosted-page links — which store each connects to, what it offers,
 * until when, and how many channels came through it — with create, copy, revoke and the detail of
 * the channels connected through a link.
 */
export function HostedPageListPage() {
  const navigate = useNavigate();
  const can = useCan();
  const user = useSessionUser();
  const query = useListQuery<HostedPageLinkDto>(HOSTED_PAGE_LIST_PATH);
  const [creating, setCreating] = useState(false);
  const [openLinkId, setOpenLinkId] = useState<number | null>(null);

  const revoke = async (link: HostedPageLinkDto) => {
    try {
      await revokeHostedPageLink(link.id);
      notifySuccess(SUCCESS_MESSAGES.updated);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<HostedPageLinkDto>[] = [
    { key: 'name', title: 'Name', dataIndex: 'name', sorter: true },
    { key: 'store_name', title: 'Store', dataIndex: 'store_name' },
    {
      key: 'channel_types',
      title: 'Offers',
      render: (_value, link) => channelTypesSummary(link.channel_types),
    },
    {
      key: 'expires_at',
      title: 'Expires',
      sorter: true,
      render: (_value, link) => formatDate(link.expires_at),
    },
    {
      key: 'status',
      title: 'Status',
      render: (_value, link) => {
        const display = HOSTED_PAGE_LINK_STATUS_DISPLAY[link.status];
        return <Tag color={TONE_COLORS[display.tone]}>{display.label}</Tag>;
      },
    },
    {
      key: 'channels_count',
      title: 'Channels',
      render: (_value, link) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpenLinkId(link.id)}>
          {link.channels_count === 1 ? '1 channel' : `${link.channels_count} channels`}
        </Button>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_value, link) => (
        <Flex gap={8}>
          <Tooltip title={link.url ? undefined : 'A revoked or expired link opens nothing.'}>
            <Button size="small" disabled={!link.url} onClick={() => link.url && void copyLink(link.url)}>
              Copy link
            </Button>
          </Tooltip>
          {can('channels.create') && link.status === 'active' ? (
            <Popconfirm
              title={`Revoke ${link.name}?`}
              description="The link stops working at once; the channels connected through it stay."
              okText="Revoke"
              okButtonProps={{ danger: true }}
              onConfirm={() => revoke(link)}
            >
              <Button size="small" danger>
                Revoke
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ];

  const toolbar = (
    <>
      <Select
        aria-label="Store"
        style={{ minWidth: 180 }}
        allowClear
        placeholder="All stores"
        options={(user?.stores ?? []).map((store) => ({ value: store.id, label: store.name }))}
        onChange={(storeId?: number) => {
          // A store picked here is the one the other areas (and a new link) open on.
          rememberCurrentStore(user, storeId);
          query.setParams((previous) => ({
            ...previous,
            page: 1,
            filters: { ...previous.filters, store_id: storeId ? { eq: storeId } : {} },
          }));
        }}
      />
      <Select
        aria-label="Status"
        style={{ minWidth: 140 }}
        allowClear
        placeholder="Any status"
        options={HOSTED_PAGE_LINK_STATUSES.map((status) => ({
          value: status,
          label: HOSTED_PAGE_LINK_STATUS_DISPLAY[status].label,
        }))}
        // `status` is the list's own parameter (a link's status is derived, not a column).
        onChange={(status?: string) =>
          query.setParams((previous) => ({ ...previous, page: 1, status }) as ListParams)
        }
      />
    </>
  );

  return (
    <>
      <PageHeader
        title="Hosted pages"
        subtitle="Links that let someone without an account connect their own channels to one of your stores."
        actions={
          <>
            <Button onClick={() => void navigate(ROUTE_PATTERNS.hostedPagesSettings)}>
              Hosted Pages Settings
            </Button>
            {can('channels.create') ? (
              <Button type="primary" onClick={() => setCreating(true)}>
                Create link
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        tableKey="hostedPages"
        label="Hosted pages"
        query={query}
        columns={columns}
        searchPlaceholder="Search links"
        toolbar={toolbar}
        emptyText="No hosted pages yet"
        emptyAction={
          can('channels.create') ? (
            <Button type="primary" onClick={() => setCreating(true)}>
              Create link
            </Button>
          ) : undefined
        }
      />
      <CreateLinkModal open={creating} onClose={() => setCreating(false)} onCreated={() => query.reload()} />
      <LinkDetailDrawer linkId={openLinkId} onClose={() => setOpenLinkId(null)} />
    </>
  );
}
