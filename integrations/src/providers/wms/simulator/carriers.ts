import type { SeededRandom } from './seeded-random';

/** Carriers the simulated warehouse ships with, with tracking numbers shaped like theirs. */
interface Carrier {
  name: string;
  trackingNumber(random: SeededRandom): string;
  trackingUrl(trackingNumber: string): string;
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export const CARRIERS: readonly Carrier[] = [
  {
    name: 'Royal Mail',
    trackingNumber: (random) => `RM${random.digits(9)}GB`,
    trackingUrl: (number) => `https://www.royalmail.com/track-your-item#/tracking-results/${number}`,
  },
  {
    name: 'DPD',
    trackingNumber: (random) => random.digits(14),
    trackingUrl: (number) => `https://track.dpd.co.uk/parcels/${number}`,
  },
  {
    name: 'UPS',
    trackingNumber: (random) =>
      `1Z${Array.from({ length: 16 }, () => random.pick([...ALPHANUMERIC])).join('')}`,
    trackingUrl: (number) => `https://www.ups.com/track?tracknum=${number}`,
  },
  {
    name: 'DHL',
    trackingNumber: (random) => random.digits(10),
    trackingUrl: (number) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${number}`,
  },
];

/** The carrier a shipping method names ("DPD Next Day"), or one picked at random. */
export function carrierFor(shippingMethod: string | null, random: SeededRandom): Carrier {
  const method = shippingMethod?.toLowerCase() ?? '';
  return CARRIERS.find((carrier) => method.includes(carrier.name.toLowerCase())) ?? random.pick(CARRIERS);
}
