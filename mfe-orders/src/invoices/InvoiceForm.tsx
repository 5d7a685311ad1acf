import { useMemo, useRef, useState } from 'react';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Typography,
  type FormRule,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

import {
  createInvoiceLineSchema,
  createInvoiceSchema,
  DEFAULT_CURRENCY,
  INVOICE_STATUS,
  taxAmount,
  type AccountingTaxTypeDto,
  type InvoiceChannelDto,
  type InvoiceDetailDto,
  type ProductDto,
} from '@syncdesk/contracts';
import { applyServerErrors, formatMoney, zodRule } from '@syncdesk/web-kit';

import {
  EMPTY_LINE,
  invoiceInput,
  liveLineAmounts,
  liveTotals,
  type InvoiceFormValues,
  type InvoiceLineValues,
} from './invoice-form-values';
import { createInvoice } from './invoices.api';
import { SkuLookup } from './SkuLookup';
import { useAccountingReference } from './useAccountingReference';

dayjs.extend(utc);

export interface InvoiceFormProps {
  storeId: string;
  channels: InvoiceChannelDto[];
  onCreated(invoice: InvoiceDetailDto): void;
  onCancel(): void;
}

const DATE_ONLY = 'YYYY-MM-DD';

/** A line field checked with the contracts' line schema: the server's own words before sending. */
const lineRule = (field: keyof typeof createInvoiceLineSchema.shape): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const result = createInvoiceLineSchema.shape[field].safeParse(value ?? undefined);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value.');
  },
});

/** A line's live price: shown, never typed (the form field's value and onChange are not used). */
function LinePrice({ label, text, id }: { label: string; text: string; id?: string }) {
  return (
    <Typography.Text strong id={id} aria-label={label} aria-live="polite">
      {text}
    </Typography.Text>
  );
}

const rateOf = (taxTypes: AccountingTaxTypeDto[], code: string | null | undefined) =>
  taxTypes.find((taxType) => taxType.code === code)?.rate;

/**
 * The invoice create form: the accounting channel, the customer, and lines whose price and the
 * invoice's totals are computed live with the same exact arithmetic the server stores
 * (contracts' invoice totals), so what the seller sees is what is saved, to the penny.
 */
export function InvoiceForm({ storeId, channels, onCreated, onCancel }: InvoiceFormProps) {
  const [form] = Form.useForm<InvoiceFormValues>();
  const [saving, setSaving] = useState(false);
  const firstActive = channels.find((channel) => channel.is_active) ?? channels[0];
  const channelId = Form.useWatch('channel_id', form);
  const currency = Form.useWatch('currency', form) || DEFAULT_CURRENCY;
  const lines = Form.useWatch('lines', form);
  const reference = useAccountingReference(storeId, channelId);
  // The tax each line was last given by the form; a tax amount the seller typed is left alone.
  const suggestedTax = useRef(new Map<number, string>());

  const totals = useMemo(() => liveTotals(lines), [lines]);
  const money = (amount: string) =>
    formatMoney(amount, /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : DEFAULT_CURRENCY);

  const suggestTax = (index: number, line: InvoiceLineValues | undefined) => {
    const rate = rateOf(reference.taxTypes, line?.tax_type);
    if (rate === undefined || !line) return;
    const current = (line.tax_total ?? '').trim();
    const previous = suggestedTax.current.get(index);
    const untouched = current === '' || /^0+(\.0+)?$/.test(current) || current === previous;
    if (!untouched) return;
    const tax = taxAmount(liveLineAmounts(line).price, rate);
    suggestedTax.current.set(index, tax);
    if (tax !== current) form.setFieldValue(['lines', index, 'tax_total'], tax);
  };

  const onValuesChange = (changed: Partial<InvoiceFormValues>, all: InvoiceFormValues) => {
    if (!changed.lines) return;
    changed.lines.forEach((line, index) => {
      if (line && !('tax_total' in line)) suggestTax(index, all.lines?.[index]);
    });
  };

  const pick = (index: number, product: ProductDto) => {
    const line: InvoiceLineValues = form.getFieldValue(['lines', index]) ?? {};
    const next: InvoiceLineValues = { ...line, sku: product.sku };
    if (!line.description?.trim()) next.description = product.title;
    if (!line.unit_price?.trim() && product.price) next.unit_price = product.price;
    if (
      !line.product_nominal_code &&
      product.nominal_code &&
      reference.accounts.some((account) => account.code === product.nominal_code)
    ) {
      next.product_nominal_code = product.nominal_code;
    }
    form.setFieldValue(['lines', index], next);
    suggestTax(index, next);
  };

  const submit = async (values: InvoiceFormValues) => {
    setSaving(true);
    try {
      onCreated(await createInvoice(storeId, invoiceInput(values)));
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const accountOptions = reference.accounts.map((account) => ({
    value: account.code,
    label: `${account.code} · ${account.name}`,
  }));
  const taxOptions = reference.taxTypes.map((taxType) => ({
    value: taxType.code,
    // Xero names carry their rate ('20% (VAT on Income)'); others get it added.
    label: taxType.name.includes('%') ? taxType.name : `${taxType.name} (${taxType.rate}%)`,
  }));

  return (
    <Form<InvoiceFormValues>
      form={form}
      layout="vertical"
      initialValues={{
        channel_id: firstActive?.id,
        invoice_date: dayjs.utc().format(DATE_ONLY),
        currency: DEFAULT_CURRENCY,
        status: 'authorised',
        lines: [{ ...EMPTY_LINE }],
      }}
      onValuesChange={onValuesChange}
      onFinish={(values) => void submit(values)}
      scrollToFirstError
    >
      <Flex vertical gap={16}>
        <Card title="Invoice">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="channel_id"
                label="Accounting channel"
                rules={[zodRule(createInvoiceSchema, 'channel_id')]}
              >
                <Select
                  options={channels.map((channel) => ({
                    value: channel.id,
                    label: channel.is_active ? channel.name : `${channel.name} (inactive)`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="customer_name"
                label="Customer"
                rules={[zodRule(createInvoiceSchema, 'customer_name')]}
              >
                <Input maxLength={190} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="customer_email"
                label="Customer e-mail"
                rules={[zodRule(createInvoiceSchema, 'customer_email')]}
              >
                <Input type="email" maxLength={190} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="invoice_date"
                label="Invoice date"
                rules={[zodRule(createInvoiceSchema, 'invoice_date')]}
                getValueProps={(value: string | undefined) => ({ value: value ? dayjs.utc(value) : null })}
                normalize={(value: Dayjs | null) => (value ? value.format(DATE_ONLY) : undefined)}
              >
                <DatePicker format={DATE_ONLY} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="currency" label="Currency" rules={[zodRule(createInvoiceSchema, 'currency')]}>
                <Input maxLength={3} style={{ textTransform: 'uppercase' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="status" label="Status">
                <Select
                  options={INVOICE_STATUS.entries.map((entry) => ({
                    value: entry.value,
                    label: entry.label,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item
                name="invoice_number"
                label="Invoice number"
                extra="Left empty, it is numbered for you."
                rules={[zodRule(createInvoiceSchema, 'invoice_number')]}
              >
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item
                name="order_reference"
                label="Order reference"
                rules={[zodRule(createInvoiceSchema, 'order_reference')]}
              >
                <Input maxLength={190} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title="Lines">
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <Flex vertical gap={12}>
                {fields.map(({ key, name }) => {
                  const number = name + 1;
                  const amounts = liveLineAmounts(lines?.[name]);
                  return (
                    <Card
                      key={key}
                      size="small"
                      type="inner"
                      title={`Line ${number}`}
                      extra={
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={`Remove line ${number}`}
                          disabled={fields.length === 1}
                          onClick={() => {
                            suggestedTax.current.clear();
                            remove(name);
                          }}
                        />
                      }
                    >
                      <Row gutter={12}>
                        <Col xs={24} md={6}>
                          <Form.Item name={[name, 'sku']} label="SKU" rules={[lineRule('sku')]}>
                            <SkuLookup
                              storeId={storeId}
                              aria-label={`SKU, line ${number}`}
                              onPick={(product) => pick(name, product)}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={10}>
                          <Form.Item
                            name={[name, 'description']}
                            label="Description"
                            rules={[lineRule('description')]}
                          >
                            <Input maxLength={500} aria-label={`Description, line ${number}`} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={8}>
                          <Form.Item
                            name={[name, 'product_nominal_code']}
                            label="Account"
                            rules={[lineRule('product_nominal_code')]}
                          >
                            <Select
                              aria-label={`Account, line ${number}`}
                              allowClear
                              showSearch={{ optionFilterProp: 'label' }}
                              placeholder="Choose an account"
                              loading={reference.loading}
                              options={accountOptions}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={4}>
                          <Form.Item
                            name={[name, 'quantity']}
                            label="Quantity"
                            rules={[lineRule('quantity')]}
                          >
                            <Input inputMode="decimal" aria-label={`Quantity, line ${number}`} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={4}>
                          <Form.Item
                            name={[name, 'unit_price']}
                            label="Unit price"
                            rules={[lineRule('unit_price')]}
                          >
                            <Input inputMode="decimal" aria-label={`Unit price, line ${number}`} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={4}>
                          <Form.Item
                            name={[name, 'discount_total']}
                            label="Discount"
                            rules={[lineRule('discount_total')]}
                          >
                            <Input inputMode="decimal" aria-label={`Discount, line ${number}`} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={5}>
                          <Form.Item
                            name={[name, 'tax_type']}
                            label="Tax type"
                            rules={[lineRule('tax_type')]}
                          >
                            <Select
                              aria-label={`Tax type, line ${number}`}
                              showSearch={{ optionFilterProp: 'label' }}
                              placeholder="Choose a tax type"
                              loading={reference.loading}
                              options={taxOptions}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={3}>
                          <Form.Item name={[name, 'tax_total']} label="Tax" rules={[lineRule('tax_total')]}>
                            <Input inputMode="decimal" aria-label={`Tax, line ${number}`} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={4}>
                          {/* Named, so a server message about the price lands here. */}
                          <Form.Item name={[name, 'price']} label="Price">
                            <LinePrice label={`Price, line ${number}`} text={money(amounts.price)} />
                          </Form.Item>
                        </Col>
                      </Row>
                    </Card>
                  );
                })}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ ...EMPTY_LINE })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Add line
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>
        <Card title="Totals">
          <Descriptions
            size="small"
            column={1}
            aria-live="polite"
            style={{ maxWidth: 360, marginLeft: 'auto' }}
            items={[
              {
                key: 'subtotal',
                label: 'Subtotal',
                children: <span data-testid="invoice-subtotal">{money(totals.subtotal)}</span>,
              },
              {
                key: 'discount',
                label: 'Discount',
                children: <span data-testid="invoice-discount">{money(totals.discount_total)}</span>,
              },
              {
                key: 'tax',
                label: 'Tax',
                children: <span data-testid="invoice-tax">{money(totals.tax_total)}</span>,
              },
              {
                key: 'total',
                label: 'Total',
                children: (
                  <Typography.Text strong data-testid="invoice-total">
                    {money(totals.total)}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Card>
        <Flex gap={8} justify="flex-end">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Create invoice
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
