import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Form, InputNumber, Select, Table, Typography } from 'antd';

import type { ProductDto } from '@syncdesk/contracts';

import { kitFigures, kitsAllowedBy } from './kit-figures';
import { searchComponents } from './products.api';

/** One component line in the form: what is sent (sku, code, units) and what is shown (title, available). */
export interface KitComponentValue {
  sku: string;
  product_nominal_code: string | null;
  quantity: number | null;
  title: string;
  /** The component's available quantity when it was added or the kit loaded. */
  available: number | null;
}

export interface KitEditorProps {
  storeId: string;
  /** The kit being edited: it can not be its own component. */
  kitId?: number;
  disabled?: boolean;
}

const SEARCH_DEBOUNCE_MS = 250;

/** "Can build N kits", computed as the units change with the same rule the server applies. */
export function KitAvailabilityPreview({ components }: { components: KitComponentValue[] }) {
  if (components.length === 0) {
    return (
      <Typography.Text type="secondary">Add components to see how many kits can be built.</Typography.Text>
    );
  }
  const figures = kitFigures(
    components.map((component) => ({
      sku: component.sku,
      available: component.available,
      quantity: component.quantity ?? 0,
    })),
  );
  return (
    <Typography.Text role="status" aria-live="polite" data-testid="kit-availability">
      Can build <Typography.Text strong>{figures.kits}</Typography.Text> {figures.kits === 1 ? 'kit' : 'kits'}
      {figures.limiting.length > 0 ? ` (limited by ${figures.limiting.join(', ')})` : ''}
    </Typography.Text>
  );
}

/** Shows a form value as text (the SKU of a line), so the line's server errors have a place. */
function ValueText({ value }: { value?: string }) {
  return <Typography.Text strong>{value}</Typography.Text>;
}

/**
 * The components of a kit (spec §3 Kit item): add products by searching their SKU or title, set
 * the units one kit takes, remove lines. Kits are not offered as components (a kit inside a kit is
 * refused by the server too), nor the kit itself, nor a product already listed.
 */
export function KitEditor({ storeId, kitId, disabled }: KitEditorProps) {
  const form = Form.useFormInstance();
  const components = (Form.useWatch('kit_items', { form, preserve: true }) ?? []) as KitComponentValue[];
  const [options, setOptions] = useState<ProductDto[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const search = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const request = ++latest.current;
      setSearching(true);
      searchComponents(storeId, text)
        .then((found) => request === latest.current && setOptions(found))
        .catch(() => request === latest.current && setOptions([]))
        .finally(() => request === latest.current && setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
  };

  const listed = new Set(components.map((component) => component.sku));
  const offered = options.filter((product) => product.id !== kitId && !listed.has(product.sku));

  return (
    <Form.List
      name="kit_items"
      rules={[
        {
          validator: async (_rule, value: unknown[] | undefined) => {
            if (!value || value.length === 0) throw new Error('Add at least one component to the kit.');
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={12}>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            aria-label="Kit components"
            locale={{ emptyText: 'No components yet: search for a product below.' }}
            columns={[
              {
                key: 'sku',
                title: 'Component',
                render: (_value, field) => (
                  <>
                    <Form.Item name={[field.name, 'sku']} style={{ marginBottom: 0 }}>
                      <ValueText />
                    </Form.Item>
                    <Typography.Text type="secondary">{components[field.name]?.title}</Typography.Text>
                  </>
                ),
              },
              {
                key: 'available',
                title: 'Available',
                align: 'right',
                render: (_value, field) => components[field.name]?.available ?? 'Missing',
              },
              {
                key: 'quantity',
                title: 'Units per kit',
                render: (_value, field) => (
                  <Form.Item
                    name={[field.name, 'quantity']}
                    style={{ marginBottom: 0 }}
                    rules={[
                      { required: true, message: 'Enter the units of this component in one kit.' },
                      { type: 'number', min: 1, message: 'Units per kit must be at least 1.' },
                    ]}
                  >
                    <InputNumber<number>
                      aria-label={`Units per kit of ${components[field.name]?.sku ?? 'component'}`}
                      min={1}
                      precision={0}
                      style={{ width: 100 }}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'allows',
                title: 'Kits it allows',
                align: 'right',
                render: (_value, field) => {
                  const component = components[field.name];
                  if (!component) return null;
                  const allowed = kitsAllowedBy({
                    available: component.available,
                    quantity: component.quantity ?? 0,
                  });
                  return allowed ?? 0;
                },
              },
              {
                key: 'remove',
                title: 'Remove',
                render: (_value, field) => (
                  <Button
                    size="small"
                    disabled={disabled}
                    aria-label={`Remove ${components[field.name]?.sku ?? 'component'}`}
                    onClick={() => remove(field.name)}
                  >
                    Remove
                  </Button>
                ),
              },
            ]}
          />
          <Select<number>
            aria-label="Add a component"
            placeholder="Add a component: search by SKU or title"
            disabled={disabled}
            value={null}
            loading={searching}
            showSearch={{ filterOption: false, onSearch: search }}
            onOpenChange={(open) => open && search('')}
            notFoundContent={searching ? 'Searching…' : 'No products found'}
            options={offered.map((product) => ({
              value: product.id,
              label: `${product.sku} · ${product.title} (${product.available} available)`,
            }))}
            onChange={(productId) => {
              const product = options.find((candidate) => candidate.id === productId);
              if (!product) return;
              const line: KitComponentValue = {
                sku: product.sku,
                product_nominal_code: product.nominal_code,
                quantity: 1,
                title: product.title,
                available: product.available,
              };
              add(line);
            }}
            style={{ maxWidth: 480 }}
          />
          <Form.ErrorList errors={errors} />
          <Alert type="info" showIcon title={<KitAvailabilityPreview components={components} />} />
        </Flex>
      )}
    </Form.List>
  );
}
