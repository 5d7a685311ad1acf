import {
  availableQuantity,
  channelQuantity,
  kitAvailability,
  type ChannelStockSettings,
} from '../stock-rules';

/** A channel that is told its stock, with whatever buffer/cap settings are given. */
const syncing = (settings: ChannelStockSettings = {}): ChannelStockSettings => ({
  auto_sync_stock: true,
  ...settings,
});

describe('availableQuantity', () => {
  it.each([
    [0, 0],
    [1, 1],
    [42, 42],
    [-1, 0],
    [-500, 0],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    [2_147_483_647, 2_147_483_647],
    [3.9, 3],
    [-0.5, 0],
  ])('on hand %p sells %p', (onHand, expected) => {
    expect(availableQuantity(onHand)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'treats %p on hand as nothing to sell',
    (onHand) => {
      expect(availableQuantity(onHand)).toBe(0);
    },
  );

  it('never answers negative zero', () => {
    expect(Object.is(availableQuantity(-0), 0)).toBe(true);
    expect(Object.is(availableQuantity(-0.2), 0)).toBe(true);
  });
});

describe('kitAvailability', () => {
  it('is the smallest number of whole kits the components allow', () => {
    expect(
      kitAvailability([
        { available: 10, quantity: 2 },
        { available: 7, quantity: 1 },
      ]),
    ).toBe(5);
    expect(
      kitAvailability([
        { available: 10, quantity: 3 },
        { available: 100, quantity: 1 },
      ]),
    ).toBe(3);
  });

  it('builds a single-component kit from that component alone', () => {
    expect(kitAvailability([{ available: 9, quantity: 4 }])).toBe(2);
  });

  it('is 0 when a component has too few units for one kit', () => {
    expect(
      kitAvailability([
        { available: 1, quantity: 2 },
        { available: 50, quantity: 1 },
      ]),
    ).toBe(0);
  });

  it('is 0 when a component is at zero or oversold', () => {
    expect(
      kitAvailability([
        { available: 0, quantity: 1 },
        { available: 50, quantity: 1 },
      ]),
    ).toBe(0);
    expect(
      kitAvailability([
        { available: -3, quantity: 1 },
        { available: 50, quantity: 1 },
      ]),
    ).toBe(0);
  });

  it('is 0 for a kit without components', () => {
    expect(kitAvailability([])).toBe(0);
  });

  it.each([null, undefined])('is 0 when a component is missing (%p)', (available) => {
    expect(
      kitAvailability([
        { available: 20, quantity: 1 },
        { available, quantity: 1 },
      ]),
    ).toBe(0);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'is 0 when a component needs %p units per kit',
    (quantity) => {
      expect(
        kitAvailability([
          { available: 20, quantity: 1 },
          { available: 20, quantity },
        ]),
      ).toBe(0);
    },
  );

  it('copes with huge figures without losing whole kits', () => {
    expect(
      kitAvailability([
        { available: Number.MAX_SAFE_INTEGER, quantity: 1 },
        { available: 2_000_000_000, quantity: 3 },
      ]),
    ).toBe(666_666_666);
    expect(kitAvailability([{ available: Number.MAX_SAFE_INTEGER, quantity: 1 }])).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it('rounds a fractional figure down, never up', () => {
    expect(kitAvailability([{ available: 9.99, quantity: 2 }])).toBe(4);
    expect(kitAvailability([{ available: 10, quantity: 2.5 }])).toBe(4);
  });
});

describe('channelQuantity', () => {
  it('tells the available quantity when only auto sync is on', () => {
    expect(channelQuantity(12, syncing())).toEqual({ quantity: 12, explanation: ['12 available'] });
  });

  it('does not tell a channel whose auto sync is off, missing or unreadable', () => {
    for (const settings of [
      null,
      undefined,
      {},
      { auto_sync_stock: false },
      { auto_sync_stock: 0 },
      { auto_sync_stock: '0' },
      { auto_sync_stock: 'false' },
      { auto_sync_stock: '' },
      { auto_sync_stock: 'yes' },
      { auto_sync_stock: null },
    ]) {
      expect(channelQuantity(12, settings as ChannelStockSettings)).toEqual({
        quantity: null,
        explanation: ['Auto sync stock is off for this channel'],
      });
    }
  });

  it('reads the switches as a settings form stores them (true, 1, "1", "true")', () => {
    for (const on of [true, 1, '1', 'true']) {
      expect(
        channelQuantity(10, {
          auto_sync_stock: on,
          use_low_stock_buffer: on,
          low_stock_buffer: 3,
          use_max_stock_level: on,
          max_stock_level: 5,
        }).quantity,
      ).toBe(5);
    }
  });

  it('does not tell anything for a product whose own auto sync is off, whatever the channel says', () => {
    expect(channelQuantity(12, syncing(), false)).toEqual({
      quantity: null,
      explanation: ['Auto sync stock is off for this product'],
    });
    expect(channelQuantity(12, null, false).explanation).toEqual(['Auto sync stock is off for this product']);
  });

  it('tells 0 for nothing in stock and for oversold stock, never a negative figure', () => {
    expect(channelQuantity(0, syncing()).quantity).toBe(0);
    expect(channelQuantity(-7, syncing())).toEqual({ quantity: 0, explanation: ['0 available'] });
    expect(channelQuantity(-7, syncing({ use_low_stock_buffer: true, low_stock_buffer: 2 })).quantity).toBe(
      0,
    );
  });

  it('subtracts the low stock buffer', () => {
    expect(channelQuantity(10, syncing({ use_low_stock_buffer: true, low_stock_buffer: 3 }))).toEqual({
      quantity: 7,
      explanation: ['10 available', 'Low stock buffer of 3 subtracted'],
    });
  });

  it('tells 0 when the buffer is as large as or larger than what is available', () => {
    expect(channelQuantity(3, syncing({ use_low_stock_buffer: true, low_stock_buffer: 3 })).quantity).toBe(0);
    expect(channelQuantity(2, syncing({ use_low_stock_buffer: true, low_stock_buffer: 9 })).quantity).toBe(0);
  });

  it('ignores a buffer that is switched off, empty, zero, negative or not a number', () => {
    const cases: ChannelStockSettings[] = [
      { use_low_stock_buffer: false, low_stock_buffer: 5 },
      { low_stock_buffer: 5 },
      { use_low_stock_buffer: true },
      { use_low_stock_buffer: true, low_stock_buffer: null },
      { use_low_stock_buffer: true, low_stock_buffer: '' },
      { use_low_stock_buffer: true, low_stock_buffer: '   ' },
      { use_low_stock_buffer: true, low_stock_buffer: 'abc' },
      { use_low_stock_buffer: true, low_stock_buffer: 0 },
      { use_low_stock_buffer: true, low_stock_buffer: -4 },
      { use_low_stock_buffer: true, low_stock_buffer: Number.NaN },
      { use_low_stock_buffer: true, low_stock_buffer: {} },
      { use_low_stock_buffer: true, low_stock_buffer: true },
    ];
    for (const settings of cases) {
      expect(channelQuantity(10, syncing(settings))).toEqual({ quantity: 10, explanation: ['10 available'] });
    }
  });

  it('reads a buffer stored as text, rounding a fraction down', () => {
    expect(channelQuantity(10, syncing({ use_low_stock_buffer: '1', low_stock_buffer: '4' })).quantity).toBe(
      6,
    );
    expect(
      channelQuantity(10, syncing({ use_low_stock_buffer: true, low_stock_buffer: ' 2 ' })).quantity,
    ).toBe(8);
    expect(channelQuantity(10, syncing({ use_low_stock_buffer: true, low_stock_buffer: 2.9 })).quantity).toBe(
      8,
    );
  });

  it('caps at the maximum stock level', () => {
    expect(channelQuantity(500, syncing({ use_max_stock_level: true, max_stock_level: 100 }))).toEqual({
      quantity: 100,
      explanation: ['500 available', 'Capped at the maximum stock level of 100'],
    });
  });

  it('leaves a figure under the cap alone, and says nothing of the cap', () => {
    expect(channelQuantity(40, syncing({ use_max_stock_level: true, max_stock_level: 100 }))).toEqual({
      quantity: 40,
      explanation: ['40 available'],
    });
    expect(
      channelQuantity(100, syncing({ use_max_stock_level: true, max_stock_level: 100 })).explanation,
    ).toEqual(['100 available']);
  });

  it('caps at 0 when the maximum stock level is 0', () => {
    expect(channelQuantity(8, syncing({ use_max_stock_level: true, max_stock_level: 0 })).quantity).toBe(0);
    expect(channelQuantity(8, syncing({ use_max_stock_level: true, max_stock_level: '0' })).quantity).toBe(0);
  });

  it('ignores a cap that is switched off, empty or not a number', () => {
    for (const settings of [
      { use_max_stock_level: false, max_stock_level: 5 },
      { max_stock_level: 5 },
      { use_max_stock_level: true },
      { use_max_stock_level: true, max_stock_level: '' },
      { use_max_stock_level: true, max_stock_level: 'ten' },
      { use_max_stock_level: true, max_stock_level: null },
    ] as ChannelStockSettings[]) {
      expect(channelQuantity(50, syncing(settings)).quantity).toBe(50);
    }
  });

  it('reads a negative cap as 0 rather than as no cap', () => {
    expect(channelQuantity(50, syncing({ use_max_stock_level: true, max_stock_level: -5 })).quantity).toBe(0);
  });

  it('subtracts the buffer first, then caps', () => {
    const both = syncing({
      use_low_stock_buffer: true,
      low_stock_buffer: 2,
      use_max_stock_level: true,
      max_stock_level: 100,
    });
    expect(channelQuantity(500, both)).toEqual({
      quantity: 100,
      explanation: [
        '500 available',
        'Low stock buffer of 2 subtracted',
        'Capped at the maximum stock level of 100',
      ],
    });
    // Buffer takes 101 to 99, which is already under the cap of 100.
    expect(channelQuantity(101, both)).toEqual({
      quantity: 99,
      explanation: ['101 available', 'Low stock buffer of 2 subtracted'],
    });
  });

  it('lets a cap below the buffered result win', () => {
    const settings = syncing({
      use_low_stock_buffer: true,
      low_stock_buffer: 5,
      use_max_stock_level: true,
      max_stock_level: 3,
    });
    expect(channelQuantity(20, settings)).toEqual({
      quantity: 3,
      explanation: [
        '20 available',
        'Low stock buffer of 5 subtracted',
        'Capped at the maximum stock level of 3',
      ],
    });
    // Buffer leaves 1, under the cap of 3.
    expect(channelQuantity(6, settings).quantity).toBe(1);
  });

  it('keeps huge figures exact', () => {
    expect(channelQuantity(Number.MAX_SAFE_INTEGER, syncing()).quantity).toBe(Number.MAX_SAFE_INTEGER);
    expect(
      channelQuantity(2_147_483_647, syncing({ use_low_stock_buffer: true, low_stock_buffer: '2147483646' }))
        .quantity,
    ).toBe(1);
    expect(
      channelQuantity(Number.MAX_SAFE_INTEGER, syncing({ use_max_stock_level: true, max_stock_level: '1e6' }))
        .quantity,
    ).toBe(1_000_000);
  });

  it('treats an available figure that is not a number as nothing available', () => {
    expect(channelQuantity(Number.NaN, syncing()).quantity).toBe(0);
    expect(channelQuantity(undefined as unknown as number, syncing()).quantity).toBe(0);
  });

  it('agrees with the kit rule for a kit listing', () => {
    const kit = kitAvailability([
      { available: 9, quantity: 2 },
      { available: 30, quantity: 3 },
    ]);
    expect(kit).toBe(4);
    expect(channelQuantity(kit, syncing({ use_low_stock_buffer: true, low_stock_buffer: 1 })).quantity).toBe(
      3,
    );
  });
});
