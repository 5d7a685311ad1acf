import { useRef } from 'react';
import { Button, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';

import {
  encodeListQuery,
  INVOICE_STATUS,
  INVOICE_SYNC_STATUS,
  ROUTE_PATTERNS,
  routes,
  type InvoiceDto,
} from '@syncdesk/contracts';
import {
  DataTable,
  ExportMenu,
  formatMoney,
  PageHeader,
  StatusTag,
  useListQuery,
  useSelection,
  type DataTableColumn,
  useCan,
} from '@syncdesk/web-kit';

import type { InvoiceRef } from './invoice-selection';
import { InvoiceFilters, hasInvoiceFilters } from './InvoiceFilters';
import { formatDay } from './invoice-format';
import { invoicesPath } from './invoices.api';
import { InvoiceSyncStatusAction } from './InvoiceSyncStatusAction';
import { StoreSubtitle } from '@syncdesk/web-kit';
import { useInvoiceChannels } from './useInvoiceChannels';

export const EMPTY_INVOICES_TEXT =
  'No invoices yet. Create one, or connect an accounting channel to bring them in.';
export const NO_ACCOUNTING_CHANNEL_TEXT =
  'This store has no accounting channel. Connect Xero, QuickBooks Online, Sage or e-Logo to the store first.';

/** `/invoices/{storeId}`: a store's invoices and their sync to the accounting channel. */
export function InvoiceListPage() {
  const { storeId = '' } = useParams();
  // A new store starts afresh: page 1, no filters, no selection.
  return <InvoiceList key={storeId} storeId={storeId} />;
}

function InvoiceList({ storeId }: { storeId: string }) {
  const can = useCan();
  const navigate = useNavigate();
  const query = useListQuery<InvoiceDto>(invoicesPath(storeId));
  const selection = useSelection(query.total);
  const channels = useInvoiceChannels(storeId);
  // Every row the seller has seen: a ticked row on another page still knows its sync status.
  const seen = useRef(new Map<number, InvoiceRef>());
  for (const invoice of query.data) seen.current.set(invoice.id, invoice);

  const mayCreate = can('orders.create');
  const mayUpdate = can('orders.update');
  const noChannel = channels !== null && channels.length === 0;
  const create = () => void navigate(routes.invoiceCreate(storeId));

  const columns: DataTableColumn<InvoiceDto>[] = [
    {
      key: 'invoice_number',
      title: 'Invoice',
      dataIndex: 'invoice_number',
      sorter: true,
      render: (number: string, invoice) => (
        <Link to={routes.invoiceDetail(storeId, invoice.id)}>{number}</Link>
      ),
    },
    { key: 'id', title: 'ID', dataIndex: 'id' },
    {
      key: 'channel_name',
      title: 'Channel',
      dataIndex: 'channel_name',
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">Deleted channel</Typography.Text>,
    },
    {
      key: 'customer_name',
      title: 'Customer',
      dataIndex: 'customer_name',
      sorter: true,
      render: (name: string, invoice) => (
        <>
          {name}
          {invoice.customer_email ? (
            <>
              <br />
              <Typography.Text type="secondary">{invoice.customer_email}</Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'sync_status',
      title: 'Sync status',
      dataIndex: 'sync_status',
      sorter: true,
      render: (value: string) => <StatusTag vocabulary={INVOICE_SYNC_STATUS} value={value} />,
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      render: (value: string) => <StatusTag vocabulary={INVOICE_STATUS} value={value} />,
    },
    { key: 'total_invoice_lines', title: 'Lines', dataIndex: 'total_invoice_lines', align: 'right' },
    {
      key: 'total',
      title: 'Total',
      dataIndex: 'total',
      sorter: true,
      align: 'right',
      render: (total: string, invoice) => formatMoney(total, invoice.currency),
    },
    {
      key: 'invoice_date',
      title: 'Invoice date',
      dataIndex: 'invoice_date',
      sorter: true,
      render: (value: string) => formatDay(value),
    },
  ];

  const filtered = hasInvoiceFilters(query.params);
  const exportQuery = encodeListQuery({
    filters: query.params.filters,
    dateRanges: query.params.dateRanges,
    search: query.params.search,
    sort_by: query.params.sort_by,
    sort_direction: query.params.sort_direction,
  });
  const ticked = selection.selection.mode === 'ids' ? selection.selection.ids.map(String) : [];

  return (
    <>
      <PageHeader
        title="Invoices"
        subtitle={<StoreSubtitle storeId={storeId} chooserPath={ROUTE_PATTERNS.invoices} />}
        actions={
          <>
            <ExportMenu
              exportPath={`${invoicesPath(storeId)}/export`}
              query={exportQuery}
              selection={ticked.length > 0 ? { field: 'invoice_ids', ids: ticked } : undefined}
            />
            {mayCreate ? (
              <Button type="primary" onClick={create} disabled={noChannel}>
                Create invoice
              </Button>
            ) : null}
          </>
        }
      />
      {noChannel ? (
        <Typography.Paragraph type="secondary">{NO_ACCOUNTING_CHANNEL_TEXT}</Typography.Paragraph>
      ) : null}
      <DataTable
        tableKey="orders.invoices"
        label="Invoices"
        query={query}
        columns={columns}
        searchPlaceholder="Search by invoice number, customer or order reference"
        selection={mayUpdate ? selection : undefined}
        bulkActions={
          mayUpdate ? (
            <InvoiceSyncStatusAction
              storeId={storeId}
              selection={selection}
              params={query.params}
              seen={seen.current}
              onChanged={query.reload}
            />
          ) : null
        }
        toolbar={
          <InvoiceFilters
            params={query.params}
            setParams={query.setParams}
            channels={channels ?? []}
            onChange={selection.clear}
          />
        }
        emptyText={filtered ? 'No invoices match these filters.' : EMPTY_INVOICES_TEXT}
        emptyAction={
          !filtered && mayCreate && !noChannel ? (
            <Button type="primary" onClick={create}>
              Create invoice
            </Button>
          ) : undefined
        }
      />
    </>
  );
}
