import { CHANNEL_CATALOGUE, findCatalogueEntry } from '../channel-catalogue';
import { channelMarkOf, monogramOf, readableTextColour } from '../channel-mark';

const markOf = (slug: string) => {
  const entry = findCatalogueEntry(slug);
  if (!entry) throw new Error(`No catalogue entry ${slug}`);
  return channelMarkOf(entry);
};

describe('channelMarkOf', () => {
  it('gives the best-known brands their own colour, with readable letters', () => {
    expect(markOf('amazonsp')).toEqual({ monogram: 'A', background: '#FF9900', foreground: '#000000' });
    expect(markOf('ebay')).toMatchObject({ monogram: 'EB', background: '#E53238' });
    expect(markOf('shopify')).toMatchObject({ monogram: 'S', background: '#96BF48' });
    expect(markOf('woocommerce')).toMatchObject({
      monogram: 'WC',
      background: '#96588A',
      foreground: '#ffffff',
    });
    expect(markOf('bigcommerce')).toMatchObject({
      monogram: 'BC',
      background: '#121118',
      foreground: '#ffffff',
    });
    expect(markOf('quickbooksonline')).toMatchObject({ monogram: 'QB', background: '#2CA01C' });
    expect(markOf('xero').background).toBe('#13B5EA');
    expect(markOf('walmart').background).toBe('#0071CE');
  });

  it('derives a stable colour from the name of anything else; Mirakl retailers get muted tones', () => {
    const unknown = channelMarkOf({ slug: 'acme-market', name: 'Acme Market' });
    expect(channelMarkOf({ slug: 'acme-market', name: 'Acme Market' })).toEqual(unknown);
    expect(unknown).toMatchObject({ monogram: 'AM' });
    expect(unknown.background).toMatch(/^#[0-9a-f]{6}$/);

    const decathlon = markOf('mirakl-decathlon').background;
    const fnac = markOf('mirakl-fnac').background;
    expect(decathlon).not.toBe(fnac);
    // Muted: the channels of a Mirakl tone stay within a narrow band of each other.
    for (const hex of [decathlon, fnac]) {
      const [red, green, blue] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
      expect(Math.max(red!, green!, blue!) - Math.min(red!, green!, blue!)).toBeLessThan(40);
    }
  });

  it('gives every catalogue entry one or two letters', () => {
    for (const entry of CHANNEL_CATALOGUE)
      expect(channelMarkOf(entry).monogram).toMatch(/^[\p{Lu}\d]{1,2}$/u);
  });
});

describe('monogramOf', () => {
  it.each([
    ['Galeries Lafayette', 'GL'],
    ['Rue du Commerce', 'RC'],
    ['bol.com', 'B'],
    ["Hudson's Bay", 'HB'],
    ['TikTok Shop', 'TT'],
    ['e-Logo', 'EL'],
  ])('%s → %s', (name, monogram) => expect(monogramOf(name)).toBe(monogram));
});

describe('readableTextColour', () => {
  it('picks black on light tiles and white on dark ones', () => {
    expect(readableTextColour('#FF9900')).toBe('#000000');
    expect(readableTextColour('#121118')).toBe('#ffffff');
  });
});
