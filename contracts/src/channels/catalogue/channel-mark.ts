/**
 * A recognisable mark for each catalogue entry without fetching anything: one or two letters on the
 * brand's colour. Logos would need licences and a request per tile; a monogram in the right colour
 * is enough to find Amazon among a hundred names at a glance.
 */
import { isMiraklType, type ChannelCatalogueEntry } from './channel-catalogue';

export interface ChannelMark {
  /** One or two capital letters (`A`, `WC`, `QB`). */
  monogram: string;
  /** Tile colour, `#rrggbb`. */
  background: string;
  /** `#ffffff` or `#000000`, whichever reads better on the background. */
  foreground: string;
}

/**
 * Brand colours of the best-known providers, from their public brand guidelines. Anything else gets
 * a colour derived from its name, the same on every screen and every visit.
 */
export const CHANNEL_BRAND_COLOURS: Readonly<Record<string, string>> = {
  amazonsp: '#FF9900',
  ebay: '#E53238',
  etsy: '#F1641E',
  walmart: '#0071CE',
  tiktok: '#000000',
  aliexpress: '#E62E04',
  allegro: '#FF5A00',
  zalando: '#FF6900',
  shopify: '#96BF48',
  woocommerce: '#96588A',
  magento: '#EE672F',
  bigcommerce: '#121118',
  prestashop: '#DF0067',
  wix: '#000000',
  squarespace: '#000000',
  xero: '#13B5EA',
  quickbooksonline: '#2CA01C',
  sage: '#00D639',
};

/** FNV-1a: a small, stable string hash, so a name always gets the same colour. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const channel = (offset: number) => {
    const k = (offset + hue / 30) % 12;
    const value = l - chroma * 0.5 * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** WCAG relative luminance of `#rrggbb`. */
function luminanceOf(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** White or black text, whichever has the higher contrast ratio on `background`. */
export function readableTextColour(background: string): '#ffffff' | '#000000' {
  const luminance = luminanceOf(background);
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / 0.05;
  return onWhite >= onBlack ? '#ffffff' : '#000000';
}

/**
 * Colour of an entry without a brand colour. Mirakl retailers share one muted family (a low
 * saturation, a hue of their own), so they read as a group yet stay apart; others get a full hue.
 */
function derivedColour(slug: string, name: string): string {
  const hue = hashOf(name.toLowerCase()) % 360;
  return isMiraklType(slug) ? hslToHex(hue, 14, 38) : hslToHex(hue, 55, 40);
}

/**
 * Up to two letters from a name: the capitals of a camel-cased first word (`WooCommerce` → `WC`),
 * else the initials of the first two capitalised words (`Galeries Lafayette` → `GL`, `Rue du
 * Commerce` → `RC`), else the first letter (`bol.com` → `B`).
 */
export function monogramOf(name: string): string {
  const words = name
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const [first = '?', ...rest] = words;
  const innerCapital = [...first.slice(1)].find((letter) => /\p{Lu}/u.test(letter));
  if (innerCapital) return `${first[0]}${innerCapital}`.toUpperCase();
  const second = rest.find((word) => /^\p{Lu}/u.test(word));
  return `${first[0]}${second?.[0] ?? ''}`.toUpperCase();
}

/** The mark of a catalogue entry (or of any type and provider name, for a connection's row). */
export function channelMarkOf(entry: Pick<ChannelCatalogueEntry, 'slug' | 'name'>): ChannelMark {
  const background = CHANNEL_BRAND_COLOURS[entry.slug] ?? derivedColour(entry.slug, entry.name);
  return {
    monogram: monogramOf(entry.name),
    background,
    foreground: readableTextColour(background),
  };
}
