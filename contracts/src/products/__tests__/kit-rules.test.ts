import { kitItemProblems, sameSku, usedInKitsMessage } from '../kit-rules';
import { createProductSchema, priceSchema, updateProductSchema } from '../product.schemas';

const store = new Map([
  ['mug-1', { type: 'product' as const }],
  ['tea-1', { type: 'product' as const }],
  ['gift-1', { type: 'kit' as const }],
]);
const find = (sku: string) => store.get(sku.trim().toLowerCase());

describe('kit rules', () => {
  it('accepts a list of distinct products of the store', () => {
    expect(
      kitItemProblems(
        'BOX',
        [
          { sku: 'MUG-1', quantity: 2 },
          { sku: 'TEA-1', quantity: 1 },
        ],
        find,
      ),
    ).toEqual({});
  });

  it('names each broken line by its field', () => {
    expect(kitItemProblems('BOX', [], find)).toEqual({ kit_items: ['A kit needs at least one component.'] });
    expect(
      kitItemProblems(
        'BOX',
        [
          { sku: 'MUG-1', quantity: 1 },
          { sku: 'gift-1', quantity: 1 },
          { sku: 'NOPE', quantity: 1 },
          { sku: ' mug-1 ', quantity: 3 },
          { sku: 'box', quantity: 1 },
          { sku: 'TEA-1', quantity: 0 },
          { sku: '', quantity: 2.5 },
        ],
        find,
      ),
    ).toEqual({
      'kit_items.1.sku': ['gift-1 is a kit, and a kit can not contain another kit.'],
      'kit_items.2.sku': ['There is no product with SKU NOPE in this store.'],
      'kit_items.3.sku': ['mug-1 is already a component of this kit; change its quantity instead.'],
      'kit_items.4.sku': ['A kit can not contain itself (box).'],
      'kit_items.5.quantity': ['Each component needs a whole number of units of at least 1.'],
      'kit_items.6.quantity': ['Each component needs a whole number of units of at least 1.'],
      'kit_items.6.sku': ['Choose the SKU of a product for this component.'],
    });
  });

  it('compares SKUs as a seller reads them and names the kits in a refusal', () => {
    expect(sameSku(' Sku-1', 'SKU-1 ')).toBe(true);
    expect(sameSku('SKU-1', 'SKU-10')).toBe(false);
    expect(usedInKitsMessage('SKU-1', [{ sku: 'KIT-9', title: 'Gift box' }])).toBe(
      'SKU-1 is used in the kit KIT-9 (Gift box). Delete that kit first or together with it.',
    );
    expect(
      usedInKitsMessage('SKU-1', [
        { sku: 'KIT-9', title: 'Gift box' },
        { sku: 'KIT-10', title: 'Party pack' },
      ]),
    ).toBe(
      'SKU-1 is used in the kits KIT-9 (Gift box), KIT-10 (Party pack). Delete those kits first or together with it.',
    );
  });
});

describe('product schemas', () => {
  it('keeps prices as 2-decimal text and refuses what is not an amount', () => {
    expect(priceSchema.parse('8.5')).toBe('8.50');
    expect(priceSchema.parse(12)).toBe('12.00');
    expect(priceSchema.parse('')).toBeNull();
    expect(priceSchema.parse(null)).toBeNull();
    for (const bad of ['-1', '1.234', 'abc', '1e3', 12.345])
      expect(priceSchema.safeParse(bad).success).toBe(false);
  });

  it('reads a new product with defaults, and an update with one way of moving stock', () => {
    expect(createProductSchema.parse({ sku: ' A-1 ', title: 'A', barcode: '' })).toEqual({
      sku: 'A-1',
      title: 'A',
      type: 'product',
      barcode: null,
    });
    expect(updateProductSchema.safeParse({ stock_delta: -3 }).success).toBe(true);
    expect(updateProductSchema.safeParse({ stock_delta: 0 }).success).toBe(false);
    expect(updateProductSchema.safeParse({ stock_delta: 1, quantity: 4 }).success).toBe(false);
    expect(updateProductSchema.safeParse({ quantity: -1 }).success).toBe(false);
  });
});
