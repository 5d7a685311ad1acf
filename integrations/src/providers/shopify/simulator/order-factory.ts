import type { ShopifyAddress } from './shop-resources';

/** What a caller may say about an order to create; everything else is made up plausibly. */
export interface NewOrderInput {
  /** `locationId`: the location the line ships from (its own fulfilment order); the first by default. */
  lines?: { sku: string; quantity?: number; price?: string | number; locationId?: number }[];
  /** When the order was placed (ISO-8601); now by default. An order over 60 days old needs `read_all_orders`. */
  createdAt?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  countryCode?: string;
  financialStatus?: 'pending' | 'authorized' | 'paid';
  currency?: string;
  shippingPrice?: string | number;
}

const FIRST_NAMES = ['Olivia', 'Noah', 'Amelia', 'Leo', 'Isla', 'Oscar', 'Ava', 'Arthur', 'Mia', 'Theo'];
const LAST_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts'];
const CITIES: readonly { city: string; zip: string; countryCode: string; country: string }[] = [
  { city: 'London', zip: 'EC1A 1BB', countryCode: 'GB', country: 'United Kingdom' },
  { city: 'Manchester', zip: 'M1 1AE', countryCode: 'GB', country: 'United Kingdom' },
  { city: 'Leeds', zip: 'LS1 4DY', countryCode: 'GB', country: 'United Kingdom' },
  { city: 'Dublin', zip: 'D02 X285', countryCode: 'IE', country: 'Ireland' },
  { city: 'Lyon', zip: '69002', countryCode: 'FR', country: 'France' },
];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Park Avenue'];

export interface PlausibleOrder {
  lines: { sku: string; quantity: number; price: string; locationId?: number }[];
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  address: ShopifyAddress;
  financialStatus: 'pending' | 'authorized' | 'paid';
  currency: string;
  shippingPrice: string;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const money = (value: string | number) => (typeof value === 'number' ? value.toFixed(2) : value);

/** Fills in whatever the input leaves out: one to three lines of known SKUs, a UK-ish customer. */
export function plausibleOrder(
  input: NewOrderInput,
  skus: readonly string[],
  priceOf: (sku: string) => string,
  random: () => number,
  defaultCurrency: string,
): PlausibleOrder {
  const firstName = input.firstName ?? pick(random, FIRST_NAMES);
  const lastName = input.lastName ?? pick(random, LAST_NAMES);
  const place = pick(random, CITIES);
  const countryCode = input.countryCode ?? place.countryCode;
  const lines =
    input.lines && input.lines.length > 0
      ? input.lines.map((line) => ({
          sku: line.sku,
          quantity: line.quantity ?? 1,
          price: line.price === undefined ? priceOf(line.sku) : money(line.price),
          locationId: line.locationId,
        }))
      : Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
          const sku = pick(random, skus);
          return { sku, quantity: 1 + Math.floor(random() * 2), price: priceOf(sku) };
        });
  const phone = `+44 7700 ${String(900000 + Math.floor(random() * 99999)).slice(0, 6)}`;
  return {
    lines,
    email: input.email ?? `${firstName}.${lastName}@example.com`.toLowerCase(),
    phone,
    firstName,
    lastName,
    address: {
      first_name: firstName,
      last_name: lastName,
      name: `${firstName} ${lastName}`,
      company: null,
      address1: `${1 + Math.floor(random() * 200)} ${pick(random, STREETS)}`,
      address2: null,
      city: place.city,
      province: null,
      province_code: null,
      zip: place.zip,
      country: place.country,
      country_code: countryCode,
      phone,
    },
    financialStatus: input.financialStatus ?? 'paid',
    currency: input.currency ?? defaultCurrency,
    shippingPrice: money(input.shippingPrice ?? '4.99'),
  };
}
