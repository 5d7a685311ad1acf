import { useEffect, useRef, useState } from 'react';
import { AutoComplete } from 'antd';

import type { ProductDto } from '@syncdesk/contracts';

import { searchProducts } from './invoices.api';

export interface SkuLookupProps {
  storeId: string;
  id?: string;
  value?: string | null;
  onChange?(value: string): void;
  /** A product of the store was picked: the line may take its title, price and account. */
  onPick(product: ProductDto): void;
  'aria-label'?: string;
}

const SEARCH_DELAY_MS = 250;

/** A line's SKU: typed freely, or picked from the store's products as the seller types. */
export function SkuLookup({ storeId, id, value, onChange, onPick, 'aria-label': label }: SkuLookupProps) {
  const [products, setProducts] = useState<ProductDto[]>([]);
  const [search, setSearch] = useState<string | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    if (search === null) return undefined;
    const request = ++latest.current;
    const timer = setTimeout(() => {
      searchProducts(storeId, search)
        .then((found) => request === latest.current && setProducts(found))
        .catch(() => undefined);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [storeId, search]);

  return (
    <AutoComplete
      id={id}
      aria-label={label}
      value={value ?? ''}
      placeholder="SKU"
      options={products.map((product) => ({
        value: product.sku,
        label: `${product.sku} · ${product.title}`,
      }))}
      onSearch={setSearch}
      onChange={(next: string) => onChange?.(next)}
      onSelect={(sku: string) => {
        const product = products.find((candidate) => candidate.sku === sku);
        if (product) onPick(product);
      }}
    />
  );
}
