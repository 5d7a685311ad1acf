import { screen, within } from '@testing-library/react';

import type { StockPushProvenanceDto } from '@syncdesk/contracts';
import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { findHeading, renderPage } from '../../__tests__/render-page';
import { CHANNEL } from '../../couriers/__tests__/channel-fixture';
import { stockPushSentence } from '../stock-push-sentence';
import { CATALOGUE_READER, listing, productDetail } from './catalogue-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const PAGE = '/stores/11/channels/5/products/301';
const PUSHES = `${PAGE}/stockPushes`;

function push(overrides: Partial<StockPushProvenanceDto> = {}): StockPushProvenanceDto {
  return {
    id: 1,
    channel_product_id: 301,
    sku: 'MUG-1',
    quantity: 7,
    previous_quantity: 9,
    on_hand: 12,
    kit_components: null,
    buffer: 2,
    cap: 7,
    note: null,
    outcome: 'pushed',
    pushed_at: '2026-11-23T14:03:05Z',
    ...overrides,
  };
}

describe('Stock push provenance sentence', () => {
  it('says what the channel was told and how the number was worked out', () => {
    expect(stockPushSentence(push(), 'Shopify')).toBe(
      'Told Shopify 7: on hand 12 − buffer 2 = 10, capped at 7 (was 9)',
    );
    expect(
      stockPushSentence(push({ quantity: 10, cap: null, buffer: null, previous_quantity: null }), 'Shopify'),
    ).toBe('Told Shopify 10: on hand 12');
    expect(stockPushSentence(push({ buffer: 20, cap: null, quantity: 0 }), 'Amazon')).toBe(
      'Told Amazon 0: on hand 12 − buffer 20 = 0 (was 9)',
    );
  });

  it('works a kit out from its scarcest component', () => {
    const kit = push({
      on_hand: null,
      quantity: 3,
      buffer: 0,
      cap: null,
      previous_quantity: null,
      kit_components: [
        { sku: 'MUG-1', on_hand: 9, per_kit: 2 },
        { sku: 'LID-1', on_hand: 3, per_kit: 1 },
      ],
    });
    expect(stockPushSentence(kit, 'Shopify')).toBe('Told Shopify 3: 3 kits from its components');
  });

  it('says when a push was held back or failed, and leaves out what was not stored', () => {
    expect(stockPushSentence(push({ outcome: 'held', quantity: 10, cap: null }), 'Mirakl')).toBe(
      'Held back 10 for Mirakl: on hand 12 − buffer 2 = 10 (was 9)',
    );
    expect(
      stockPushSentence(
        push({ outcome: 'failed', on_hand: null, buffer: null, cap: null, previous_quantity: null }),
        'Shopify',
      ),
    ).toBe('Could not tell Shopify 7');
  });
});

describe('Stock pushes on the channel product page', () => {
  it('lists the pushes latest first, with kit components and the note of a held push', async () => {
    stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${PAGE}`]: { body: { data: listing() } },
      'GET /products/11/41': { body: { data: productDetail() } },
      [`GET ${PUSHES}`]: listBody([
        push(),
        push({
          id: 2,
          outcome: 'held',
          quantity: 10,
          cap: null,
          note: 'Held back: orders of this channel were still being imported, so 10 could relist sold stock.',
          pushed_at: '2026-11-23T15:00:00Z',
        }),
        push({
          id: 3,
          on_hand: null,
          quantity: 1,
          buffer: null,
          cap: null,
          previous_quantity: 7,
          kit_components: [{ sku: 'LID-1', on_hand: 3, per_kit: 2 }],
          pushed_at: '2026-11-22T09:00:00Z',
        }),
      ]),
    });
    renderPage(PAGE, CATALOGUE_READER);
    expect(await findHeading('Blue mug')).toBeInTheDocument();
    const section = (await screen.findByLabelText('Stock pushes')) as HTMLElement;
    const sentences = [...section.querySelectorAll(':scope > [role="listitem"]')].map(
      (entry) => entry.querySelector('.ant-typography')?.textContent,
    );
    expect(sentences).toEqual([
      'Held back 10 for Shopify: on hand 12 − buffer 2 = 10 (was 9)',
      'Told Shopify 7: on hand 12 − buffer 2 = 10, capped at 7 (was 9)',
      'Told Shopify 1: 1 kit from its components (was 7)',
    ]);
    expect(
      within(section).getByText(
        'Held back: orders of this channel were still being imported, so 10 could relist sold stock.',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText('LID-1: 3 on hand, 2 per kit, makes 1')).toBeInTheDocument();
    expect(within(section).getByText('23 Nov 2026 15:00:00 UTC')).toBeInTheDocument();
  });

  it('says what to expect before the first push', async () => {
    stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${PAGE}`]: { body: { data: listing() } },
      'GET /products/11/41': { body: { data: productDetail() } },
      [`GET ${PUSHES}`]: listBody([]),
    });
    renderPage(PAGE, CATALOGUE_READER);
    expect(
      await screen.findByText('No stock pushed yet. Pushes appear here with how each number was worked out.'),
    ).toBeInTheDocument();
  });
});
