import { randomUUID } from 'node:crypto';
import type { CreationAttributes, Transaction } from 'sequelize';
import type { Activity, Models, Store } from '../models';
import type { Product, StockMovement } from '../catalogue.models';

/**
 * The demo seller's catalogue: about 200 products of a British homeware and pantry shop (mugs,
 * candles, loose-leaf tea, coffee, linens…) and a handful of gift kits built from them, so the
 * Products screens, the kit editor and the stock timeline have something real to show. Figures
 * are fixed (no randomness): a few products are out of stock, one is oversold, one kit can't be
 * built. Every unit on hand has its movement in the ledger, as the stock service would write it.
 */

interface DemoProduct {
  sku: string;
  title: string;
  price: string;
  barcode: string | null;
  quantity: number;
  auto_sync_stock: boolean;
}

interface Family {
  prefix: string;
  title: string;
  variants: readonly (readonly [code: string, name: string])[];
  sizes: readonly (readonly [code: string, name: string, price: number])[];
}

const FAMILIES: readonly Family[] = [
  {
    prefix: 'MUG-STW',
    title: 'Stoneware Mug',
    variants: [
      ['SAG', 'Sage'],
      ['OCN', 'Ocean Blue'],
      ['CHR', 'Charcoal'],
      ['OAT', 'Oat'],
      ['TER', 'Terracotta'],
    ],
    sizes: [
      ['350', '350ml', 12],
      ['450', '450ml', 14],
    ],
  },
  {
    prefix: 'MUG-ENM',
    title: 'Enamel Camping Mug',
    variants: [
      ['WHT', 'White'],
      ['GRN', 'Forest Green'],
      ['NVY', 'Navy'],
      ['MUS', 'Mustard'],
    ],
    sizes: [['300', '300ml', 9.5]],
  },
  {
    prefix: 'CND',
    title: 'Soy Wax Candle',
    variants: [
      ['FIG', 'Fig & Cassis'],
      ['SSS', 'Sea Salt & Sage'],
      ['AMB', 'Amber & Oud'],
      ['PEA', 'English Pear'],
      ['LAV', 'Lavender & Cedar'],
      ['TOM', 'Tomato Leaf'],
    ],
    sizes: [
      ['VOT', 'Votive 80g', 8],
      ['220', 'Classic 220g', 24],
      ['3W', 'Three-Wick 480g', 42],
    ],
  },
  {
    prefix: 'TEA',
    title: 'Loose Leaf Tea',
    variants: [
      ['EB', 'English Breakfast'],
      ['EG', 'Earl Grey'],
      ['ASM', 'Assam'],
      ['DRJ', 'Darjeeling First Flush'],
      ['PEP', 'Peppermint'],
      ['CHA', 'Chamomile'],
      ['LAP', 'Lapsang Souchong'],
      ['SEN', 'Sencha'],
    ],
    sizes: [
      ['100', '100g Tin', 7.5],
      ['250', '250g Pouch', 13],
    ],
  },
  {
    prefix: 'COF',
    title: 'Coffee Beans 250g',
    variants: [
      ['COL', 'Colombia Huila'],
      ['ETH', 'Ethiopia Yirgacheffe'],
      ['BRA', 'Brazil Cerrado'],
      ['HSE', 'House Espresso'],
    ],
    sizes: [
      ['WB', 'Whole Bean', 9.5],
      ['FIL', 'Ground for Filter', 9.5],
      ['ESP', 'Ground for Espresso', 9.5],
    ],
  },
  {
    prefix: 'NTB-A5',
    title: 'A5 Notebook',
    variants: [
      ['NVY', 'Navy'],
      ['FOR', 'Forest'],
      ['RST', 'Rust'],
      ['BLK', 'Black'],
    ],
    sizes: [
      ['LIN', 'Lined', 14],
      ['DOT', 'Dotted', 14],
      ['PLN', 'Plain', 13],
    ],
  },
  {
    prefix: 'TT',
    title: 'Cotton Tea Towel',
    variants: [
      ['BOT', 'Botanical'],
      ['SEA', 'Seabirds'],
      ['HRB', 'Kitchen Herbs'],
      ['BRD', 'British Garden Birds'],
      ['LEM', 'Lemons'],
    ],
    sizes: [['STD', '50 x 70cm', 11]],
  },
  {
    prefix: 'CSH-45',
    title: 'Cushion Cover 45cm',
    variants: [
      ['LNT', 'Linen Natural'],
      ['LSL', 'Linen Slate'],
      ['VMU', 'Velvet Mustard'],
      ['VEM', 'Velvet Emerald'],
      ['WCK', 'Wool Check'],
      ['BCL', 'Boucle Cream'],
    ],
    sizes: [['STD', '45 x 45cm', 28]],
  },
  {
    prefix: 'THR',
    title: 'Throw',
    variants: [
      ['MHG', 'Merino Herringbone Grey'],
      ['LTR', 'Lambswool Tartan Red'],
      ['CWE', 'Cotton Waffle Ecru'],
      ['MOH', 'Mohair Ochre'],
    ],
    sizes: [['STD', '130 x 180cm', 79]],
  },
  {
    prefix: 'CER',
    title: '',
    variants: [
      ['SPW', 'Speckled White'],
      ['MOS', 'Moss'],
      ['INK', 'Ink'],
      ['SND', 'Sand'],
    ],
    sizes: [
      ['SP20', 'Side Plate 20cm', 16],
      ['DP27', 'Dinner Plate 27cm', 22],
      ['PB22', 'Pasta Bowl 22cm', 24],
      ['CB14', 'Cereal Bowl 14cm', 15],
    ],
  },
  {
    prefix: 'PAN',
    title: '',
    variants: [
      ['WFH', 'Wildflower Honey 340g'],
      ['HTH', 'Heather Honey 227g'],
      ['STJ', 'Strawberry Jam 340g'],
      ['SOM', 'Seville Orange Marmalade 340g'],
      ['RBJ', 'Raspberry Jam 340g'],
      ['LMC', 'Lemon Curd 310g'],
      ['CHU', 'Caramelised Onion Chutney 300g'],
      ['SHB', 'All Butter Shortbread 200g'],
    ],
    sizes: [['STD', '', 6.5]],
  },
  {
    prefix: 'BTH',
    title: '',
    variants: [
      ['OAT', 'Oatmeal & Honey'],
      ['LAV', 'Lavender'],
      ['RSM', 'Rosemary & Mint'],
      ['CHC', 'Charcoal & Tea Tree'],
      ['GER', 'Rose Geranium'],
    ],
    sizes: [
      ['SOAP', 'Soap Bar 100g', 6],
      ['HC75', 'Hand Cream 75ml', 12],
      ['RS100', 'Room Spray 100ml', 16],
    ],
  },
  {
    prefix: 'CRD',
    title: 'Greeting Card',
    variants: [
      ['BDY', 'Happy Birthday'],
      ['THX', 'Thank You'],
      ['CNG', 'Congratulations'],
      ['BLK', 'Blank Botanical'],
      ['NHM', 'New Home'],
      ['WED', 'Wedding Day'],
    ],
    sizes: [['A6', 'A6', 3.5]],
  },
  {
    prefix: 'GLS',
    title: '',
    variants: [
      ['CLR', 'Clear'],
      ['SMK', 'Smoke'],
      ['AMB', 'Amber'],
    ],
    sizes: [
      ['TMB', 'Recycled Glass Tumbler 300ml', 6],
      ['WIN', 'Recycled Wine Glass 350ml', 9],
      ['CRF', 'Recycled Glass Carafe 1L', 24],
    ],
  },
  {
    prefix: 'KTX',
    title: '',
    variants: [
      ['DEN', 'Denim'],
      ['LST', 'Linen Stripe'],
      ['OLV', 'Olive Canvas'],
    ],
    sizes: [
      ['APR', 'Apron', 32],
      ['OVG', 'Double Oven Glove', 18],
      ['NAP4', 'Napkins, Set of 4', 24],
    ],
  },
  {
    prefix: 'CNA',
    title: '',
    variants: [
      ['BRS', 'Brass'],
      ['BLK', 'Matt Black'],
    ],
    sizes: [
      ['TRIM', 'Wick Trimmer', 14],
      ['SNF', 'Candle Snuffer', 12],
      ['MTCH', 'Matches in Glass Jar', 9],
    ],
  },
  {
    prefix: 'POT',
    title: 'Terracotta Plant Pot',
    variants: [
      ['NAT', 'Natural'],
      ['WSH', 'Whitewash'],
    ],
    sizes: [
      ['12', '12cm', 7],
      ['17', '17cm', 11],
      ['21', '21cm', 16],
    ],
  },
  {
    prefix: 'BSK',
    title: 'Seagrass Basket',
    variants: [['NAT', 'Natural']],
    sizes: [
      ['S', 'Small', 18],
      ['M', 'Medium', 24],
      ['L', 'Large', 32],
    ],
  },
  {
    prefix: 'SCK',
    title: 'Wool Socks',
    variants: [
      ['GRY', 'Grey'],
      ['OAT', 'Oatmeal'],
      ['FOR', 'Forest'],
    ],
    sizes: [
      ['SM', 'UK 4-7', 15],
      ['LXL', 'UK 8-11', 15],
    ],
  },
  {
    prefix: 'HWB',
    title: 'Hot Water Bottle, Knitted Cover',
    variants: [
      ['GRY', 'Grey'],
      ['CRM', 'Cream'],
      ['SAG', 'Sage'],
      ['RSE', 'Dusky Rose'],
    ],
    sizes: [['STD', '', 22]],
  },
  {
    prefix: 'CHO',
    title: 'Chocolate Bar 100g',
    variants: [
      ['SSM', 'Sea Salt Milk'],
      ['D70', '70% Dark'],
      ['ORD', 'Orange Dark'],
      ['RBW', 'Raspberry White'],
      ['HZM', 'Hazelnut Milk'],
    ],
    sizes: [['STD', '', 3.25]],
  },
  {
    prefix: 'BIS',
    title: 'Biscuits 200g',
    variants: [
      ['GNG', 'Stem Ginger'],
      ['OAT', 'Oat Crunch'],
      ['DIG', 'Chocolate Digestives'],
    ],
    sizes: [['STD', '', 4.5]],
  },
  {
    prefix: 'BRW',
    title: '',
    variants: [
      ['WHT', 'White'],
      ['BLK', 'Black'],
    ],
    sizes: [
      ['V60', 'Ceramic Pour-Over Dripper', 22],
      ['CAF8', 'Cafetiere 8 Cup', 35],
    ],
  },
  {
    prefix: 'TPT',
    title: 'Stoneware Teapot 1L',
    variants: [
      ['SAG', 'Sage'],
      ['CHR', 'Charcoal'],
      ['OAT', 'Oat'],
    ],
    sizes: [['STD', '', 38]],
  },
];

/** A valid EAN-13 on the UK's GS1 prefix (50), from a running number. */
function ean13(serial: number): string {
  const body = `50${String(60_000_000 + serial).padStart(10, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The demo's products, in a fixed order with fixed figures. */
export function demoProducts(): DemoProduct[] {
  const products: DemoProduct[] = [];
  for (const family of FAMILIES) {
    for (const [variantCode, variantName] of family.variants) {
      for (const [sizeCode, sizeName, price] of family.sizes) {
        const serial = products.length + 1;
        const sku =
          sizeCode === 'STD'
            ? `${family.prefix}-${variantCode}`
            : family.prefix === 'TEA' || family.prefix === 'COF' || family.prefix === 'CND'
              ? `${family.prefix}-${variantCode}-${sizeCode}`
              : `${family.prefix}-${sizeCode}-${variantCode}`;
        const title = [family.title, sizeName, variantName].filter((part) => part !== '').join(', ');
        // Fixed figures from the serial: mostly healthy stock, every 17th sold out.
        const quantity = serial % 17 === 0 ? 0 : ((serial * 37) % 140) + (serial % 3 === 0 ? 4 : 11);
        products.push({
          sku,
          title,
          price: price.toFixed(2),
          barcode: family.prefix === 'CRD' ? null : ean13(serial),
          quantity,
          auto_sync_stock: serial % 29 !== 0,
        });
      }
    }
  }
  return products;
}

/** Gift kits: components by SKU with units per kit. */
export const DEMO_KITS: readonly {
  sku: string;
  title: string;
  price: string;
  items: readonly (readonly [sku: string, units: number])[];
}[] = [
  {
    sku: 'KIT-TEA-LOVER',
    title: "Tea Lover's Gift Box",
    price: '34.00',
    items: [
      ['TEA-EB-100', 1],
      ['TEA-EG-100', 1],
      ['MUG-STW-350-SAG', 1],
      ['PAN-SHB', 1],
    ],
  },
  {
    sku: 'KIT-CANDLE-TRIO',
    title: 'Votive Candle Trio',
    price: '21.00',
    items: [
      ['CND-FIG-VOT', 1],
      ['CND-SSS-VOT', 1],
      ['CND-PEA-VOT', 1],
    ],
  },
  {
    sku: 'KIT-BREAKFAST',
    title: 'Breakfast Hamper',
    price: '39.00',
    items: [
      ['COF-HSE-WB', 1],
      ['PAN-WFH', 1],
      ['PAN-SOM', 1],
      ['MUG-STW-450-OAT', 2],
    ],
  },
  {
    sku: 'KIT-DINNER-2',
    title: 'Dinner Set for Two, Speckled White',
    price: '112.00',
    items: [
      ['CER-DP27-SPW', 2],
      ['CER-SP20-SPW', 2],
      ['CER-PB22-SPW', 2],
    ],
  },
  {
    sku: 'KIT-PAMPER',
    title: 'Lavender Pamper Set',
    price: '32.00',
    items: [
      ['BTH-SOAP-LAV', 2],
      ['BTH-HC75-LAV', 1],
      ['CND-LAV-VOT', 1],
    ],
  },
  {
    sku: 'KIT-COSY-NIGHT',
    title: 'Cosy Night In',
    price: '119.00',
    items: [
      ['THR-MHG', 1],
      ['CND-AMB-220', 1],
      ['TEA-CHA-100', 1],
    ],
  },
  {
    sku: 'KIT-NOTEBOOK-3',
    title: 'Notebook Trio, Navy',
    price: '36.00',
    items: [
      ['NTB-A5-LIN-NVY', 1],
      ['NTB-A5-DOT-NVY', 1],
      ['NTB-A5-PLN-NVY', 1],
    ],
  },
  {
    sku: 'KIT-COFFEE-DUO',
    title: 'Single Origin Coffee Duo',
    price: '18.00',
    items: [
      ['COF-COL-FIL', 1],
      ['COF-ETH-FIL', 1],
    ],
  },
];

/** Sold out so that a kit can't be built; and the one product sold beyond what was on hand. */
const SOLD_OUT = 'COF-ETH-FIL';
const OVERSOLD = 'MUG-STW-350-TER';

const DAY_MS = 86_400_000;

export async function seedDemoCatalogue(
  models: Models,
  store: Store,
  transaction: Transaction,
): Promise<void> {
  // Both start from nothing here: one stays sold out, the other gets its own history below.
  const products = demoProducts().map((product) =>
    product.sku === SOLD_OUT || product.sku === OVERSOLD ? { ...product, quantity: 0 } : product,
  );
  const now = Date.now();
  const createdAt = new Date(now - 60 * DAY_MS);
  await models.Product.bulkCreate(
    [
      ...products.map((product) => ({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        sku: product.sku,
        title: product.title,
        type: 'product' as const,
        quantity: 0,
        price: product.price,
        nominal_code: '4000',
        barcode: product.barcode,
        auto_sync_stock: product.auto_sync_stock,
        created_at: createdAt,
      })),
      ...DEMO_KITS.map((kit) => ({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        sku: kit.sku,
        title: kit.title,
        type: 'kit' as const,
        quantity: 0,
        price: kit.price,
        nominal_code: '4000',
        barcode: null,
        created_at: createdAt,
      })),
    ],
    { transaction },
  );
  const rows: Product[] = await models.Product.findAll({ where: { store_id: store.id }, transaction });
  const bySku = new Map(rows.map((row) => [row.sku, row]));
  const idOf = (sku: string) => {
    const row = bySku.get(sku);
    if (!row) throw new Error(`The demo catalogue names ${sku}, which it does not create.`);
    return row.id;
  };

  await models.KitItem.bulkCreate(
    DEMO_KITS.flatMap((kit) =>
      kit.items.map(([sku, units]) => ({
        kit_product_id: idOf(kit.sku),
        component_product_id: idOf(sku),
        sku,
        product_nominal_code: '4000',
        quantity: units,
      })),
    ),
    { transaction },
  );

  // The ledger: an opening count for everything in stock, then a little history on a few products.
  const movements: CreationAttributes<StockMovement>[] = [];
  const activities: CreationAttributes<Activity>[] = [];
  const onHand = new Map<number, number>();
  const changes = new Map<string, string>();
  const changeOf = (sourceRef: string) => {
    if (!changes.has(sourceRef)) changes.set(sourceRef, randomUUID());
    return changes.get(sourceRef)!;
  };
  const move = (
    sku: string,
    delta: number,
    reason: StockMovement['reason'],
    sourceRef: string,
    daysAgo: number,
  ) => {
    const productId = idOf(sku);
    const before = onHand.get(productId) ?? 0;
    const after = before + delta;
    onHand.set(productId, after);
    const at = new Date(now - daysAgo * DAY_MS);
    movements.push({
      company_id: store.company_id,
      store_id: store.id,
      product_id: productId,
      delta,
      quantity_after: after,
      reason,
      source_ref: sourceRef,
      idempotency_key: `${store.id}:demo:${reason}:${sourceRef}:${productId}`,
      user_id: null,
      created_at: at,
    });
    activities.push({
      company_id: store.company_id,
      user_id: null,
      source: 'system',
      source_name: 'System',
      via: reason,
      event: 'product.stock_updated',
      subject_type: 'product',
      subject_id: productId,
      old_values: { quantity: before },
      new_values: { quantity: after, delta, reason, source_ref: sourceRef, sku, store_id: store.id },
      // One change per source (the opening count is one import): Settings › Activity lists it once.
      change_id: changeOf(sourceRef),
      created_at: at,
    });
  };
  for (const product of products) {
    if (product.quantity !== 0) move(product.sku, product.quantity, 'import', 'demo-opening-stock.csv', 45);
  }
  move(OVERSOLD, 3, 'import', 'demo-opening-stock.csv', 45);
  move(OVERSOLD, -2, 'order', 'demo-order-1041:1', 9);
  move(OVERSOLD, -3, 'order', 'demo-order-1057:2', 2);
  move('TEA-EB-100', -4, 'order', 'demo-order-1012:1', 20);
  move('TEA-EB-100', 24, 'manual', 'demo-restock-week-46', 12);
  move('TEA-EB-100', -1, 'order', 'demo-order-1049:3', 5);
  move('CND-FIG-220', -2, 'order', 'demo-order-1033:1', 15);
  move('CND-FIG-220', 2, 'cancellation', 'demo-order-1033:1', 14);
  move('CND-FIG-220', -1, 'correction', 'demo-stock-count-november', 3);
  move('THR-MHG', -1, 'order', 'demo-order-1050:1', 4);
  move('BTH-SOAP-LAV', 36, 'plugin', 'demo-shipbob-receipt-2207', 6);
  await models.StockMovement.bulkCreate(movements, { transaction });
  await models.Activity.bulkCreate(activities, { transaction });

  const changed = [...onHand.entries()];
  for (let start = 0; start < changed.length; start += 200) {
    const part = changed.slice(start, start + 200);
    await models.Product.sequelize!.query(
      `UPDATE products SET quantity = CASE id ${part.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE id IN (${part.map(() => '?').join(', ')})`,
      { replacements: [...part.flat(), ...part.map(([id]) => id)], transaction },
    );
  }
}
