import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { CatalogueChangedEvent, StockChangedEvent } from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type Json, type TestProcess } from '@syncdesk/server/testing';
import { caller, collect, ownerSocket, productsOf } from './product-test-kit';

/** Every call of the products api on MySQL, as a seller and as people who may not. */
describe('products api (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let store: Store;
  let ownerToken: string;
  let betaToken: string;
  let readerToken: string;
  let call: ReturnType<typeof caller>;
  let socket: Socket;
  let stockEvents: ReturnType<typeof collect<StockChangedEvent>>;
  let catalogueEvents: ReturnType<typeof collect<CatalogueChangedEvent>>;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'products');
    server = await startTestProcess(database.url);
    call = caller(server);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha EU'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    store = alpha.stores[0]!;
    ownerToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    readerToken = await alpha.tokenFor(await alpha.addMember(['products.read']));
    socket = await ownerSocket(server, alpha);
    stockEvents = collect<StockChangedEvent>(socket, 'stock:changed');
    catalogueEvents = collect<CatalogueChangedEvent>(socket, 'catalogue:changed');
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const sku = (label: string) => `${label}-${++sequence}`;
  const create = async (
    body: Record<string, unknown>,
    token = ownerToken,
    target: Pick<Store, 'id'> = store,
  ) => {
    const response = await call('POST', `${productsOf(target)}/create`, token, body);
    if (response.status !== 201)
      throw new Error(`create answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body.data as Json;
  };
  const product = (label: string, quantity: number, extra: Record<string, unknown> = {}) =>
    create({ sku: sku(label), title: `${label} title`, quantity, ...extra });
  const kit = (
    label: string,
    items: { sku: string; quantity: number }[],
    extra: Record<string, unknown> = {},
  ) => create({ sku: sku(label), title: `${label} kit`, type: 'kit', kit_items: items, ...extra });
  const show = async (id: number) =>
    (await call('GET', `${productsOf(store)}/${id}`, ownerToken)).body.data as Json;

  it('creates a product with its opening stock in the ledger, lists, shows, updates and deletes it', async () => {
    const mugSku = sku('MUG');
    const created = await create({
      sku: mugSku,
      title: 'Stoneware mug',
      quantity: 12,
      price: '8.5',
      nominal_code: '4000',
      barcode: '5012345678900',
    });
    expect(created).toMatchObject({
      store_id: store.id,
      sku: mugSku,
      title: 'Stoneware mug',
      type: 'product',
      quantity: 12,
      available: 12,
      price: '8.50',
      nominal_code: '4000',
      barcode: '5012345678900',
      auto_sync_stock: true,
      api_sync_status: 0,
      kit_items: [],
      used_in_kits: [],
      channel_quantities: [],
      plugin_quantities: [],
      channels: [],
    });
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    await catalogueEvents.until((event) => event.ids?.includes(created.id) ?? false);
    await stockEvents.until((event) => event.productIds.includes(created.id));

    const movements = await call('GET', `${productsOf(store)}/${created.id}/stockMovements`, readerToken);
    expect(movements.body).toMatchObject({
      meta: { total: 1 },
      data: [{ delta: 12, quantity_after: 12, reason: 'manual', user_name: 'Alpha Owner' }],
    });

    const listed = await call(
      'GET',
      `${productsOf(store)}?search=${encodeURIComponent(mugSku)}`,
      readerToken,
    );
    expect(listed.body).toMatchObject({ meta: { total: 1 }, data: [{ id: created.id, quantity: 12 }] });
    const filtered = await call(
      'GET',
      `${productsOf(store)}?quantity[gte]=12&type[eq]=product&sku[eq]=${encodeURIComponent(mugSku)}`,
      readerToken,
    );
    expect(filtered.body.meta.total).toBe(1);
    const none = await call(
      'GET',
      `${productsOf(store)}?quantity[gt]=12&sku[eq]=${encodeURIComponent(mugSku)}`,
      readerToken,
    );
    expect(none.body.meta.total).toBe(0);

    const edited = await call('PUT', `${productsOf(store)}/${created.id}`, ownerToken, {
      title: 'Stoneware mug, blue',
      price: 9,
      barcode: '',
      quantity: 10,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      title: 'Stoneware mug, blue',
      price: '9.00',
      barcode: null,
      quantity: 10,
    });
    const updated = await server.services.models.Activity.findOne({
      where: { event: 'product.updated', subject_id: created.id },
    });
    expect(updated).toMatchObject({
      old_values: { title: 'Stoneware mug', price: '8.50', barcode: '5012345678900' },
      new_values: { title: 'Stoneware mug, blue', price: '9.00', barcode: null },
    });
    const history = await call('GET', `/activities/product/${created.id}/stock_updated`, readerToken);
    expect(history.body).toMatchObject({
      meta: { total: 2 },
      data: [
        {
          event: 'product.stock_updated',
          via: 'manual',
          source: 'user',
          old: { quantity: 12 },
          new: { quantity: 10, reason: 'manual' },
        },
        { old: { quantity: 0 }, new: { quantity: 12 } },
      ],
    });

    // Sending what it already has changes nothing and records nothing.
    const before = await server.services.models.Activity.count({ where: { subject_id: created.id } });
    await call('PUT', `${productsOf(store)}/${created.id}`, ownerToken, {
      title: 'Stoneware mug, blue',
      quantity: 10,
    });
    expect(await server.services.models.Activity.count({ where: { subject_id: created.id } })).toBe(before);

    expect((await call('DELETE', `${productsOf(store)}/${created.id}`, ownerToken)).status).toBe(204);
    expect((await call('GET', `${productsOf(store)}/${created.id}`, ownerToken)).status).toBe(404);
    expect(
      await server.services.models.Activity.findOne({
        where: { event: 'product.deleted', subject_id: created.id },
      }),
    ).toMatchObject({ old_values: { sku: mugSku } });
  });

  it('answers 422 with the field map for bad products', async () => {
    const invalid = await call('POST', `${productsOf(store)}/create`, ownerToken, {
      sku: '  ',
      title: 'x'.repeat(256),
      type: 'bundle',
      price: '12.345',
      quantity: -1,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      sku: ['The SKU field is required.'],
      title: ['The title may not be greater than 255 characters.'],
      type: ['The type must be Product or Kit.'],
      price: ['The price must be an amount of 0 or more with at most 2 decimals (e.g. 12.50).'],
      quantity: ['The quantity must be a whole number from 0 to 1000000000.'],
    });

    const existing = await product('DUP', 1);
    // MySQL's collation makes letter case no difference, as the unique index sees it.
    const duplicate = await call('POST', `${productsOf(store)}/create`, ownerToken, {
      sku: existing.sku.toLowerCase(),
      title: 'Again',
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toMatchObject({
      message: `The SKU ${existing.sku.toLowerCase()} is already used by another product in this store.`,
      errors: {
        sku: [`The SKU ${existing.sku.toLowerCase()} is already used by another product in this store.`],
      },
    });
    const other = await product('OTHER', 0);
    const renamed = await call('PUT', `${productsOf(store)}/${other.id}`, ownerToken, { sku: existing.sku });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors.sku).toHaveLength(1);

    const both = await call('PUT', `${productsOf(store)}/${other.id}`, ownerToken, {
      quantity: 3,
      stock_delta: 1,
    });
    expect(both.body.errors).toEqual({
      stock_delta: ['Send either a new quantity or a stock change, not both.'],
    });
    const zero = await call('PUT', `${productsOf(store)}/${other.id}`, ownerToken, { stock_delta: 0 });
    expect(zero.status).toBe(422);
    expect(Object.keys(zero.body.errors)).toEqual(['stock_delta']);
  });

  it('refuses every broken kit with the field map, in the seller’s words', async () => {
    const cup = await product('CUP', 10);
    const saucer = await product('SAUCER', 10);
    const giftBox = await kit('GIFT', [{ sku: cup.sku, quantity: 1 }]);
    const attempt = async (body: Record<string, unknown>) => {
      const response = await call('POST', `${productsOf(store)}/create`, ownerToken, {
        sku: 'NEW-KIT',
        title: 'New kit',
        type: 'kit',
        ...body,
      });
      expect(response.status).toBe(422);
      return response.body as Json;
    };

    expect((await attempt({ kit_items: [] })).errors).toEqual({
      kit_items: ['A kit needs at least one component.'],
    });
    expect((await attempt({})).errors).toEqual({ kit_items: ['A kit needs at least one component.'] });
    const mixed = await attempt({
      kit_items: [
        { sku: cup.sku, quantity: 1 },
        { sku: giftBox.sku, quantity: 1 },
        { sku: 'NO-SUCH-SKU', quantity: 1 },
        { sku: cup.sku, quantity: 2 },
        { sku: 'new-kit', quantity: 1 },
        { sku: saucer.sku, quantity: 0 },
        { sku: saucer.sku, quantity: 1.5 },
      ],
    });
    expect(mixed.errors).toEqual({
      'kit_items.5.quantity': ['Each component needs a whole number of units of at least 1.'],
      'kit_items.6.quantity': ['Each component needs a whole number of units of at least 1.'],
    });
    // Shapes first; then the store's rules on a well-formed list.
    const rules = await attempt({
      kit_items: [
        { sku: cup.sku, quantity: 1 },
        { sku: giftBox.sku, quantity: 1 },
        { sku: 'NO-SUCH-SKU', quantity: 1 },
        { sku: cup.sku, quantity: 2 },
        { sku: 'new-kit', quantity: 1 },
      ],
    });
    expect(rules.errors).toEqual({
      'kit_items.1.sku': [`${giftBox.sku} is a kit, and a kit can not contain another kit.`],
      'kit_items.2.sku': ['There is no product with SKU NO-SUCH-SKU in this store.'],
      'kit_items.3.sku': [`${cup.sku} is already a component of this kit; change its quantity instead.`],
      'kit_items.4.sku': ['A kit can not contain itself (new-kit).'],
    });
    expect(rules.message).toBe(
      `${giftBox.sku} is a kit, and a kit can not contain another kit. (and 3 more problems)`,
    );
    // A product of another store of the company is not a component here.
    const elsewhere = await create({ sku: sku('EU'), title: 'EU only' }, ownerToken, alpha.stores[1]!);
    expect((await attempt({ kit_items: [{ sku: elsewhere.sku, quantity: 1 }] })).errors).toEqual({
      'kit_items.0.sku': [`There is no product with SKU ${elsewhere.sku} in this store.`],
    });
    expect((await attempt({ quantity: 4, kit_items: [{ sku: cup.sku, quantity: 1 }] })).errors).toEqual({
      quantity: ["A kit's stock comes from its components."],
    });
    const productWithItems = await call('POST', `${productsOf(store)}/create`, ownerToken, {
      sku: 'PLAIN',
      title: 'Plain',
      kit_items: [{ sku: cup.sku, quantity: 1 }],
    });
    expect(productWithItems.body.errors).toEqual({
      kit_items: ['Only a kit has components. Choose the type Kit, or remove the components.'],
    });

    // Changing kits and components: the same rules.
    const path = `${productsOf(store)}/${giftBox.id}`;
    expect(
      (await call('PUT', path, ownerToken, { kit_items: [{ sku: giftBox.sku, quantity: 1 }] })).body.errors,
    ).toEqual({
      'kit_items.0.sku': [`A kit can not contain itself (${giftBox.sku}).`],
    });
    expect((await call('PUT', path, ownerToken, { stock_delta: 1 })).body.errors).toEqual({
      stock_delta: ["A kit's stock comes from its components."],
    });
    const becomeKit = await call('PUT', `${productsOf(store)}/${cup.id}`, ownerToken, {
      type: 'kit',
      kit_items: [{ sku: saucer.sku, quantity: 1 }],
    });
    expect(becomeKit.status).toBe(422);
    expect(becomeKit.body.errors).toEqual({
      type: [`${cup.sku} is a component of the kit ${giftBox.sku} (GIFT kit), so it can not become a kit.`],
    });
    const stocked = await call('PUT', `${productsOf(store)}/${saucer.id}`, ownerToken, {
      type: 'kit',
      kit_items: [{ sku: cup.sku, quantity: 1 }],
    });
    expect(stocked.body.errors).toEqual({
      type: [
        `${saucer.sku} has 10 on hand. Set its stock to 0 before making it a kit, so no stock goes unaccounted for.`,
      ],
    });
    const empty = await product('EMPTY', 0);
    const converted = await call('PUT', `${productsOf(store)}/${empty.id}`, ownerToken, {
      type: 'kit',
      kit_items: [{ sku: saucer.sku, quantity: 2 }],
    });
    expect(converted.status).toBe(200);
    expect(converted.body.data).toMatchObject({
      type: 'kit',
      quantity: 5,
      kit_items: [{ sku: saucer.sku, quantity: 2 }],
    });
  });

  it('computes kit availability from the components and tells the pages which kits changed', async () => {
    const tea = await product('TEA', 10);
    const tin = await product('TIN', 3);
    const hamper = await kit(
      'HAMPER',
      [
        { sku: tea.sku, quantity: 2 },
        { sku: tin.sku, quantity: 1 },
      ],
      { price: '24.99' },
    );
    expect(hamper).toMatchObject({ type: 'kit', quantity: 3, available: 3, price: '24.99' });
    expect(hamper.kit_items).toEqual([
      {
        product_id: tea.id,
        sku: tea.sku,
        product_nominal_code: null,
        quantity: 2,
        title: 'TEA title',
        available: 10,
      },
      {
        product_id: tin.id,
        sku: tin.sku,
        product_nominal_code: null,
        quantity: 1,
        title: 'TIN title',
        available: 3,
      },
    ]);
    expect((await show(tin.id)).used_in_kits).toEqual([
      { id: hamper.id, sku: hamper.sku, title: 'HAMPER kit' },
    ]);

    const moved = await call('PUT', `${productsOf(store)}/${tin.id}`, ownerToken, { stock_delta: 4 });
    expect(moved.body.data).toMatchObject({ quantity: 7 });
    const event = await stockEvents.until(
      (candidate) => candidate.productIds.includes(tin.id) && candidate.productIds.includes(hamper.id),
    );
    expect(event).toEqual({ storeId: store.id, productIds: [tin.id, hamper.id] });
    expect((await show(hamper.id)).quantity).toBe(5);
    // A component renamed: the kit's line names it by its new SKU.
    const renamed = `${tin.sku}-R`;
    expect((await call('PUT', `${productsOf(store)}/${tin.id}`, ownerToken, { sku: renamed })).status).toBe(
      200,
    );
    expect((await show(hamper.id)).kit_items[1]).toMatchObject({ product_id: tin.id, sku: renamed });
    expect(
      (await server.services.models.KitItem.findOne({ where: { component_product_id: tin.id } }))!.sku,
    ).toBe(renamed);

    // Oversold components make no kits, never a negative figure.
    await server.services.stock.apply(null, store.id, [
      { productId: tea.id, setTo: -3, reason: 'correction' },
    ]);
    const listed = await call(
      'GET',
      `${productsOf(store)}?sku[in]=${tea.sku},${hamper.sku}&sort_by=sku&sort_direction=asc`,
      readerToken,
    );
    expect(listed.body.data.map((row: Json) => [row.sku, row.quantity, row.available])).toEqual([
      [hamper.sku, 0, 0],
      [tea.sku, -3, 0],
    ]);

    // A new component line changes the kit's figure: the pages hear of the kit.
    const candle = await product('CANDLE', 1);
    await call('PUT', `${productsOf(store)}/${hamper.id}`, ownerToken, {
      kit_items: [{ sku: candle.sku, quantity: 1 }],
    });
    await stockEvents.until(
      (candidate) => candidate.productIds.includes(hamper.id) && candidate.productIds.length === 1,
    );
    expect((await show(hamper.id)).quantity).toBe(1);
  });

  it('shows what each channel will be told, and what each plugin holds', async () => {
    const other = alpha.stores[1]!;
    const shop = await insertChannelRow(server.services, other, {
      name: 'Shopify EU',
      settings: {
        auto_sync_stock: true,
        use_low_stock_buffer: true,
        low_stock_buffer: 2,
        use_max_stock_level: true,
        max_stock_level: 5,
      },
    });
    const ebay = await insertChannelRow(server.services, other, {
      name: 'eBay EU',
      type: 'ebay',
      settings: { auto_sync_stock: false },
    });
    const wms = await insertChannelRow(server.services, other, {
      name: 'Mintsoft',
      kind: 'plugin',
      type: 'mintsoft',
    });
    const lamp = await create({ sku: sku('LAMP'), title: 'Lamp', quantity: 9 }, ownerToken, other);
    const listing = await server.services.models.ChannelProduct.create({
      uuid: randomUUID(),
      company_id: other.company_id,
      store_id: other.id,
      channel_id: shop.id,
      channel_product_id: 'gid://shopify/ProductVariant/1',
      sku: lamp.sku,
      remote_sku: null,
      title: 'Lamp',
      quantity: 4,
      price: null,
      product_id: lamp.id,
      matched_sku: lamp.sku,
    });
    await server.services.models.PluginProduct.create({
      uuid: randomUUID(),
      company_id: other.company_id,
      store_id: other.id,
      plugin_id: wms.id,
      product_id: lamp.id,
      remote_id: 'M-1',
      quantity: 8,
    });
    const detail = (await call('GET', `${productsOf(other)}/${lamp.id}`, readerToken)).body.data;
    expect(detail.channels).toEqual([{ id: shop.id, name: 'Shopify EU', type: 'shopify' }]);
    expect(detail.channel_quantities).toEqual([
      expect.objectContaining({ channel_id: ebay.id, quantity: null, channel_product_id: null }),
      expect.objectContaining({ channel_id: shop.id, quantity: 5, channel_product_id: listing.id }),
    ]);
    expect(detail.plugin_quantities).toEqual([
      expect.objectContaining({
        plugin_id: wms.id,
        plugin_name: 'Mintsoft',
        quantity: 8,
        plugin_sync_status: 0,
      }),
    ]);
  });

  it('checks kit usage, and refuses to delete a component unless its kits go too', async () => {
    const brush = await product('BRUSH', 5);
    const paint = await product('PAINT', 5);
    const spare = await product('SPARE', 5);
    const set = await kit(
      'SET',
      [
        { sku: brush.sku, quantity: 1 },
        { sku: paint.sku, quantity: 1 },
      ],
      { title: 'Starter set' },
    );
    const usage = await call('POST', `${productsOf(store)}/checkProductUsedInKit`, readerToken, {
      product_uuids: [brush.uuid, spare.uuid, set.uuid],
    });
    expect(usage.body.data).toEqual({
      used: [
        {
          product_uuid: brush.uuid,
          sku: brush.sku,
          kits: [{ uuid: set.uuid, sku: set.sku, title: 'Starter set' }],
        },
      ],
    });

    const single = await call('DELETE', `${productsOf(store)}/${brush.id}`, ownerToken);
    expect(single.status).toBe(422);
    expect(single.body.message).toBe(
      `${brush.sku} is used in the kit ${set.sku} (Starter set). Delete that kit first or together with it.`,
    );
    const bulk = await call('DELETE', productsOf(store), ownerToken, {
      product_uuids: [brush.uuid, paint.uuid, spare.uuid],
    });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors.product_uuids).toEqual([
      `${brush.sku} is used in the kit ${set.sku} (Starter set). Delete that kit first or together with it.`,
      `${paint.sku} is used in the kit ${set.sku} (Starter set). Delete that kit first or together with it.`,
    ]);
    expect(
      await server.services.models.Product.count({ where: { id: [brush.id, paint.id, spare.id] } }),
    ).toBe(3);

    const together = await call('DELETE', productsOf(store), ownerToken, {
      product_uuids: [brush.uuid, set.uuid, paint.uuid, randomUUID()],
    });
    expect(together.body).toEqual({ data: { deleted: 3 } });
    expect(await server.services.models.Product.count({ where: { id: [brush.id, paint.id, set.id] } })).toBe(
      0,
    );
    expect(await server.services.models.KitItem.count({ where: { kit_product_id: set.id } })).toBe(0);
    expect((await call('DELETE', productsOf(store), ownerToken, {})).body.errors).toEqual({
      product_uuids: ['Choose the products, or all of them.'],
    });
  });

  it('switches auto sync stock in bulk, and the channel figures follow', async () => {
    const fixture = await createCompany(server.services, { name: 'Toggler', stores: ['Toggle'] });
    const target = fixture.stores[0]!;
    const token = await fixture.tokenFor(fixture.owner);
    const togglerSocket = await ownerSocket(server, fixture);
    const events = collect<StockChangedEvent>(togglerSocket, 'stock:changed');
    const one = await create({ sku: 'ONE', title: 'One' }, token, target);
    const two = await create({ sku: 'TWO', title: 'Two' }, token, target);
    const three = await create({ sku: 'THREE', title: 'Three', auto_sync_stock: false }, token, target);
    const some = await call('PUT', `${productsOf(target)}/updateAutoSyncStock`, token, {
      auto_sync_stock: false,
      product_uuids: [one.uuid, three.uuid],
    });
    expect(some.body).toEqual({ data: { updated: 1 } });
    expect(
      await events.until((event) => event.productIds.length === 1 && event.productIds[0] === one.id),
    ).toBeTruthy();
    const all = await call('PUT', `${productsOf(target)}/updateAutoSyncStock`, token, {
      auto_sync_stock: true,
      all: true,
    });
    expect(all.body).toEqual({ data: { updated: 2 } });
    await events.until((event) => event.productIds.length === 2);
    const flags = await server.services.models.Product.findAll({
      where: { store_id: target.id },
      order: [['id', 'ASC']],
    });
    expect(flags.map((row) => [row.id, row.auto_sync_stock])).toEqual([
      [one.id, true],
      [two.id, true],
      [three.id, true],
    ]);
    const refused = await call('PUT', `${productsOf(target)}/updateAutoSyncStock`, token, {
      auto_sync_stock: true,
    });
    expect(refused.body.errors).toEqual({ product_uuids: ['Choose the products, or all of them.'] });

    // Everything at once goes with `all`, kits and their components together.
    await create(
      { sku: 'KIT-ALL', title: 'All kit', type: 'kit', kit_items: [{ sku: 'ONE', quantity: 1 }] },
      token,
      target,
    );
    // `all` on a filtered list means what the list shows, never the whole store.
    const filteredToggle = await call('PUT', `${productsOf(target)}/updateAutoSyncStock?search=TWO`, token, {
      auto_sync_stock: false,
      all: true,
    });
    expect(filteredToggle.body).toEqual({ data: { updated: 1 } });
    const stillOn = await server.services.models.Product.count({
      where: { store_id: target.id, auto_sync_stock: true },
    });
    expect(stillOn).toBe(3);
    const blocked = await call('DELETE', `${productsOf(target)}?type[eq]=product`, token, { all: true });
    expect(blocked.status).toBe(422);
    expect(blocked.body.errors.product_uuids[0]).toContain('KIT-ALL');
    expect((await call('DELETE', `${productsOf(target)}?search=THREE`, token, { all: true })).body).toEqual({
      data: { deleted: 1 },
    });
    expect((await call('DELETE', productsOf(target), token, { all: true })).body).toEqual({
      data: { deleted: 3 },
    });
    expect(await server.services.models.Product.count({ where: { store_id: target.id } })).toBe(0);
  });

  it('loses no concurrent stock change: 20 parallel +1 end at exactly +20 with 20 movements', async () => {
    const counted = await product('COUNT', 100);
    const path = `${productsOf(store)}/${counted.id}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('PUT', path, ownerToken, { stock_delta: 1 })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect((await show(counted.id)).quantity).toBe(120);
    const movements = await server.services.models.StockMovement.findAll({
      where: { product_id: counted.id },
      order: [['id', 'ASC']],
    });
    expect(movements).toHaveLength(21);
    expect(movements.slice(1).map((movement) => movement.quantity_after)).toEqual(
      Array.from({ length: 20 }, (_, index) => 101 + index),
    );
    expect(
      await server.services.models.Activity.count({
        where: { event: 'product.stock_updated', subject_id: counted.id },
      }),
    ).toBe(21);
  });

  it('keeps other companies and unpermitted members out', async () => {
    const secret = await product('SECRET', 3);
    const path = `${productsOf(store)}/${secret.id}`;
    for (const [method, target] of [
      ['GET', path],
      ['PUT', path],
      ['DELETE', path],
      ['GET', `${path}/stockMovements`],
      ['GET', `/activities/product/${secret.id}/stock_updated`],
      ['GET', productsOf(store)],
    ] as const) {
      const body = method === 'PUT' ? { stock_delta: 1 } : undefined;
      expect([method, target, (await call(method, target, betaToken, body)).status]).toEqual([
        method,
        target,
        404,
      ]);
    }
    expect((await call('GET', `/activities/order/${secret.id}/stock_updated`, ownerToken)).status).toBe(404);
    expect((await call('PUT', path, readerToken, { stock_delta: 1 })).status).toBe(403);
    expect(
      (await call('POST', `${productsOf(store)}/create`, readerToken, { sku: 'X', title: 'X' })).status,
    ).toBe(403);
    expect((await call('DELETE', path, readerToken)).status).toBe(403);
    expect(
      (
        await call('PUT', `${productsOf(store)}/updateAutoSyncStock`, readerToken, {
          all: true,
          auto_sync_stock: true,
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', path, readerToken)).status).toBe(200);
    // Beta's own product ids do not open Alpha's store, nor Alpha's ids Beta's.
    const betaProduct = await create({ sku: 'BETA-1', title: 'Beta' }, betaToken, beta.stores[0]!);
    expect((await call('GET', `${productsOf(store)}/${betaProduct.id}`, ownerToken)).status).toBe(404);
    expect(
      (await call('GET', `/activities/product/${betaProduct.id}/stock_updated`, ownerToken)).status,
    ).toBe(404);
    expect(await server.services.models.Product.findByPk(secret.id)).not.toBeNull();
  });
});
