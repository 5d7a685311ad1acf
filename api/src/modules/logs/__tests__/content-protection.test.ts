import { maskPersonalDataInBody } from '../content-protection';

interface MaskedOrder {
  id: number;
  email: string;
  phone: string;
  name: string;
  note: string;
  line_items: unknown[];
  customer: unknown;
  shipping_address: unknown;
}

describe('maskPersonalDataInBody', () => {
  it('masks e-mails, phones, names and addresses in a Shopify order, keeping the rest', () => {
    const body = JSON.stringify({
      orders: [
        {
          id: 450789469,
          email: 'jane.doe@example.com',
          phone: '+44 20 7946 0958',
          name: '#1001',
          line_items: [{ sku: 'MUG-1', name: 'Blue mug', quantity: 2 }],
          customer: { first_name: 'Jane', last_name: 'Doe', email: 'jane.doe@example.com', name: 'Jane Doe' },
          shipping_address: {
            name: 'Jane Doe',
            company: 'Doe Ltd',
            address1: '1 High Street',
            address2: 'Flat 2',
            city: 'London',
            zip: 'SW1A 1AA',
            province: 'England',
            country: 'United Kingdom',
            country_code: 'GB',
            phone: '07700 900123',
          },
          note: 'Call jane.doe@example.com before delivery',
        },
      ],
    });
    const masked = maskPersonalDataInBody(body)!;
    const order = (JSON.parse(masked) as { orders: MaskedOrder[] }).orders[0]!;
    expect(masked).not.toMatch(/jane\.doe@example\.com|Jane|Doe|High Street|London|SW1A|0958|900123/);
    expect(order.email).toBe('j*******@example.com');
    expect(order.phone).toBe('**********58');
    expect(order.id).toBe(450789469);
    // An order's own name and a line's product name are not personal data.
    expect(order.name).toBe('#1001');
    expect(order.line_items[0]).toEqual({ sku: 'MUG-1', name: 'Blue mug', quantity: 2 });
    expect(order.customer).toEqual({
      first_name: '*****',
      last_name: '*****',
      email: 'j*******@example.com',
      name: '*****',
    });
    expect(order.shipping_address).toMatchObject({
      name: '*****',
      company: '*****',
      address1: '*****',
      city: '*****',
      zip: '*****',
      country: 'United Kingdom',
      country_code: 'GB',
      phone: '*********23',
    });
    expect(order.note).toBe('Call j*******@example.com before delivery');
  });

  it('masks a Mirakl customer and a WMS shipping address', () => {
    const mirakl = maskPersonalDataInBody(
      JSON.stringify({
        orders: [
          {
            order_id: 'A-1',
            order_state: 'SHIPPING',
            customer: {
              firstname: 'Jean',
              lastname: 'Dupont',
              billing_address: { street_1: '2 rue', city: 'Lyon' },
            },
          },
        ],
      }),
    )!;
    expect(mirakl).not.toMatch(/Jean|Dupont|2 rue|Lyon/);
    expect(mirakl).toContain('"order_state":"SHIPPING"');
    const wms = maskPersonalDataInBody(
      JSON.stringify({
        orders: [
          { reference: 'R1', shipping_address: { name: 'Ann Lee', line1: '3 Road', postcode: 'AB1' } },
        ],
      }),
    )!;
    expect(wms).not.toMatch(/Ann Lee|3 Road|AB1/);
    expect(wms).toContain('"reference":"R1"');
  });

  it('masks e-mail addresses in text that is not JSON, and leaves other text alone', () => {
    expect(maskPersonalDataInBody('to=jane.doe@example.com&sku=MUG')).toBe('to=j*******@example.com&sku=MUG');
    expect(maskPersonalDataInBody('"offer-sku";"quantity"\n"MUG-1";"4"')).toBe(
      '"offer-sku";"quantity"\n"MUG-1";"4"',
    );
    expect(maskPersonalDataInBody('{"email": "cut at 64000 chars jane@example.com')).toBe(
      '{"email": "cut at 64000 chars j***@example.com',
    );
    expect(maskPersonalDataInBody(null)).toBeNull();
    expect(maskPersonalDataInBody('')).toBe('');
  });
});
