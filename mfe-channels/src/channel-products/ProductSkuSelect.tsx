import { useEffect, useState } from 'react';
import { Select } from 'antd';

import type { ProductDto, RouteParam } from '@syncdesk/contracts';

import { searchStoreProducts } from './store-products.api';

/** How long typing pauses before the store's products are searched. */
const SEARCH_PAUSE_MS = 250;

export interface ProductSkuSelectProps {
  storeId: RouteParam;
  /** The chosen product's SKU (Form.Item passes it). */
  value?: string | null;
  onChange?(sku: string | undefined, product: ProductDto | undefined): void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

const labelOf = (product: Pick<ProductDto, 'sku' | 'title'>) =>
  product.title ? `${product.sku} · ${product.title}` : product.sku;

/**
 * Picks one of the store's products by SKU or title, searching the server as the user types (a
 * store can hold tens of thousands). The value is the product's SKU; the chosen product is handed
 * to `onChange` too, so a form can take its title.
 */
export function ProductSkuSelect({
  storeId,
  value,
  onChange,
  placeholder = 'Search by SKU or title',
  ...rest
}: ProductSkuSelectProps) {
  const [products, setProducts] = useState<ProductDto[]>([]);
  const [search, setSearch] = useState('');
  const [loading, setLoading] = useState(false);
  // Nothing is searched until the list is first opened: a form showing a saved SKU needs no call.
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (!opened) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        searchStoreProducts(storeId, search, { signal: controller.signal })
          .then((found) => {
            if (controller.signal.aborted) return;
            setProducts(found);
            setLoading(false);
          })
          .catch(() => {
            if (!controller.signal.aborted) setLoading(false);
          });
      },
      search ? SEARCH_PAUSE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [storeId, search, opened]);

  // The saved SKU stays shown even when the latest search did not bring its product back.
  const options = products.map((product) => ({
    value: product.sku,
    label: labelOf(product),
    title: labelOf(product),
  }));
  if (value && !products.some((product) => product.sku === value)) {
    options.unshift({ value, label: value, title: value });
  }

  return (
    <Select<string>
      {...rest}
      value={value || undefined}
      placeholder={placeholder}
      allowClear
      loading={loading}
      options={options}
      notFoundContent={loading ? 'Searching…' : 'No product has that SKU or title'}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(sku) =>
        onChange?.(
          sku ?? undefined,
          products.find((product) => product.sku === sku),
        )
      }
      style={{ width: '100%' }}
    />
  );
}
