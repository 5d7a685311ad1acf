import { useCallback } from 'react';
import { Card, Descriptions, Flex, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';

import {
  INVOICE_STATUS,
  INVOICE_SYNC_STATUS,
  routes,
  type InvoiceDetailDto,
  type InvoiceLineDto,
} from '@syncdesk/contracts';
import {
  formatDate,
  formatMoney,
  PageHeader,
  RecordLoadState,
  StatusTag,
  useRecord,
} from '@syncdesk/web-kit';

import { ActivityTimeline } from '../components/ActivityTimeline';
import { formatDay, formatUnitPrice } from './invoice-format';
import { getInvoice, invoiceActivitiesPath } from './invoices.api';

/** `/invoices/{storeId}/{invoiceId}`: the invoice, its lines and totals, and its history. */
export function InvoiceDetailPage() {
  const { storeId = '', invoiceId } = useParams();
  const load = useCallback((id: string) => getInvoice(storeId, id), [storeId]);
  const { record: invoice, failed } = useRecord<InvoiceDetailDto>(invoiceId, load);
  if (!invoice) return <RecordLoadState title="Invoice" noun="invoice" failed={failed} />;
  return <InvoiceDetail storeId={storeId} invoice={invoice} />;
}

function InvoiceDetail({ storeId, invoice }: { storeId: string; invoice: InvoiceDetailDto }) {
  const money = (amount: string) => formatMoney(amount, invoice.currency);
  return (
    <>
      <PageHeader
        title={`Invoice ${invoice.invoice_number}`}
        subtitle={
          <>
            <Link to={routes.invoiceList(storeId)}>Invoices</Link>
            {invoice.channel_name ? ` · ${invoice.channel_name}` : null}
          </>
        }
      />
      <Flex vertical gap={16}>
        <Card title="Invoice">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'number', label: 'Invoice number', children: invoice.invoice_number },
              {
                key: 'channel',
                label: 'Accounting channel',
                children: invoice.channel_name ?? 'Deleted channel',
              },
              { key: 'date', label: 'Invoice date', children: formatDay(invoice.invoice_date) },
              { key: 'customer', label: 'Customer', children: invoice.customer_name },
              { key: 'email', label: 'Customer e-mail', children: invoice.customer_email ?? '—' },
              { key: 'reference', label: 'Order reference', children: invoice.order_reference ?? '—' },
              {
                key: 'status',
                label: 'Status',
                children: <StatusTag vocabulary={INVOICE_STATUS} value={invoice.status} />,
              },
              {
                key: 'sync_status',
                label: 'Sync status',
                children: <StatusTag vocabulary={INVOICE_SYNC_STATUS} value={invoice.sync_status} />,
              },
              {
                key: 'synced_at',
                label: 'Synced',
                children: invoice.synced_at ? formatDate(invoice.synced_at) : 'Not yet',
              },
              { key: 'currency', label: 'Currency', children: invoice.currency },
              { key: 'created', label: 'Created', children: formatDate(invoice.created_at) },
            ]}
          />
        </Card>
        <Card title={`Lines (${invoice.total_invoice_lines})`}>
          <Table<InvoiceLineDto>
            aria-label="Invoice lines"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={invoice.lines}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'This invoice has no lines.' }}
            columns={[
              { key: 'position', title: '#', dataIndex: 'position' },
              { key: 'sku', title: 'SKU', dataIndex: 'sku', render: (value: string | null) => value ?? '—' },
              { key: 'description', title: 'Description', dataIndex: 'description' },
              {
                key: 'account',
                title: 'Account',
                dataIndex: 'product_nominal_code',
                render: (value: string | null) => value ?? '—',
              },
              { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: 'right' },
              {
                key: 'unit_price',
                title: 'Unit price',
                dataIndex: 'unit_price',
                align: 'right',
                render: (value: string) => formatUnitPrice(value, invoice.currency),
              },
              {
                key: 'discount',
                title: 'Discount',
                dataIndex: 'discount_total',
                align: 'right',
                render: money,
              },
              { key: 'tax_type', title: 'Tax type', dataIndex: 'tax_type' },
              { key: 'tax', title: 'Tax', dataIndex: 'tax_total', align: 'right', render: money },
              { key: 'price', title: 'Price', dataIndex: 'price', align: 'right', render: money },
            ]}
          />
          <Descriptions
            size="small"
            column={1}
            style={{ maxWidth: 360, marginLeft: 'auto', marginTop: 16 }}
            items={[
              {
                key: 'subtotal',
                label: 'Subtotal',
                children: <span data-testid="invoice-subtotal">{money(invoice.subtotal)}</span>,
              },
              {
                key: 'discount',
                label: 'Discount',
                children: <span data-testid="invoice-discount">{money(invoice.discount_total)}</span>,
              },
              {
                key: 'tax',
                label: 'Tax',
                children: <span data-testid="invoice-tax">{money(invoice.tax_total)}</span>,
              },
              {
                key: 'total',
                label: 'Total',
                children: (
                  <Typography.Text strong data-testid="invoice-total">
                    {money(invoice.total)}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Card>
        <ActivityTimeline path={invoiceActivitiesPath(invoice.id)} subjectName={invoice.invoice_number} />
      </Flex>
    </>
  );
}
