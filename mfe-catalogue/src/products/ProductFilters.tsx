import { Button, InputNumber, Select } from 'antd';

import {
  PRODUCT_SYNC_STATUS,
  type FilterValue,
  type ListOperator,
  type ListParams,
  type ProductType,
} from '@syncdesk/contracts';
import type { ListParamsUpdate } from '@syncdesk/web-kit';

export interface ProductFiltersProps {
  params: ListParams;
  setParams(update: ListParamsUpdate): void;
  /** A new filter changes which rows 'all' means, so the selection is dropped. */
  onChange(): void;
}

type Operators = Partial<Record<ListOperator, FilterValue>>;

const TYPE_OPTIONS: { value: ProductType; label: string }[] = [
  { value: 'product', label: 'Products' },
  { value: 'kit', label: 'Kits' },
];

const AUTO_SYNC_OPTIONS = [
  { value: 1, label: 'Auto sync on' },
  { value: 0, label: 'Auto sync off' },
];

const SYNC_STATUS_OPTIONS = PRODUCT_SYNC_STATUS.entries.map((entry) => ({
  value: entry.value,
  label: entry.label,
}));

/** Whether any filter of this toolbar (or a search) narrows the list. */
export function hasProductFilters(params: ListParams): boolean {
  return Boolean(params.search) || Object.keys(params.filters ?? {}).length > 0;
}

/**
 * The list's filters (spec list convention): type, sync status, auto sync stock and a quantity
 * range, each a labelled control a keyboard reaches, sent as `type[eq]`, `api_sync_status[eq|in]`,
 * `auto_sync_stock[eq]` and `quantity[gte|lte]`.
 */
export function ProductFilters({ params, setParams, onChange }: ProductFiltersProps) {
  const filters = params.filters ?? {};

  const apply = (field: string, operators: Operators | null) => {
    onChange();
    setParams((previous) => {
      const next = { ...previous.filters };
      const kept = Object.fromEntries(
        Object.entries({ ...next[field], ...operators }).filter(
          ([, value]) => value !== undefined && value !== null && value !== '',
        ),
      );
      if (operators === null || Object.keys(kept).length === 0) delete next[field];
      else next[field] = kept;
      return { ...previous, filters: next, page: 1 };
    });
  };

  const statuses = filters.api_sync_status?.in ?? filters.api_sync_status?.eq;
  const statusValues = (Array.isArray(statuses) ? statuses : statuses === undefined ? [] : [statuses]).map(
    Number,
  );

  return (
    <>
      <Select<ProductType>
        aria-label="Filter by type"
        placeholder="Any type"
        allowClear
        value={(filters.type?.eq as ProductType | undefined) ?? undefined}
        options={TYPE_OPTIONS}
        onChange={(value) => apply('type', value ? { eq: value } : null)}
        style={{ width: 130 }}
      />
      <Select<number[]>
        aria-label="Filter by sync status"
        placeholder="Any sync status"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={statusValues}
        options={SYNC_STATUS_OPTIONS}
        onChange={(values) =>
          apply(
            'api_sync_status',
            values.length === 0 ? null : values.length === 1 ? { eq: values[0] } : { in: values },
          )
        }
        style={{ minWidth: 180 }}
      />
      <Select<number>
        aria-label="Filter by auto sync stock"
        placeholder="Auto sync: any"
        allowClear
        value={filters.auto_sync_stock?.eq === undefined ? undefined : Number(filters.auto_sync_stock.eq)}
        options={AUTO_SYNC_OPTIONS}
        onChange={(value) => apply('auto_sync_stock', value === undefined ? null : { eq: value })}
        style={{ width: 160 }}
      />
      <InputNumber<number>
        aria-label="Quantity from"
        placeholder="Qty from"
        precision={0}
        value={(filters.quantity?.gte as number | undefined) ?? null}
        onChange={(value) => apply('quantity', { gte: value ?? undefined })}
        style={{ width: 110 }}
      />
      <InputNumber<number>
        aria-label="Quantity to"
        placeholder="Qty to"
        precision={0}
        value={(filters.quantity?.lte as number | undefined) ?? null}
        onChange={(value) => apply('quantity', { lte: value ?? undefined })}
        style={{ width: 110 }}
      />
      {Object.keys(filters).length > 0 ? (
        <Button
          type="link"
          onClick={() => {
            onChange();
            setParams((previous) => ({ ...previous, filters: {}, page: 1 }));
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </>
  );
}
