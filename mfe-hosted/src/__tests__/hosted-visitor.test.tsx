import { fireEvent, screen, waitFor } from '@testing-library/react';

import { HOSTED_PAGE_DEFAULT_STYLES, settingsFormFor, type HostedPageUserDto } from '@syncdesk/contracts';
import { listBody, stubFetch, validationError, type FetchStub } from '@syncdesk/web-kit/testing';

import { buttonByText, renderPage } from './render-page';

const TOKEN = `hp_${'v'.repeat(43)}`;

function pageUser(styles: Partial<HostedPageUserDto['styles']> = {}): HostedPageUserDto {
  return {
    logo_url: null,
    styles: { ...HOSTED_PAGE_DEFAULT_STYLES, ...styles },
    store_name: 'Acme Web',
    company_name: 'Acme Ltd',
    channel_types: ['shopify', 'etsy'],
    expires_at: '2030-01-01T00:00:00Z',
  };
}

/** The stubbed api, also keeping each request's Authorization header. */
function stubHostedApi(user: HostedPageUserDto, routes: Parameters<typeof stubFetch>[0] = {}) {
  const api: FetchStub = stubFetch({
    'GET /hostedPages/auth/me': { body: { data: user } },
    'GET /hostedPages/channels': listBody([]),
    'POST /activities': { status: 204 },
    ...routes,
  });
  const stubbed = globalThis.fetch;
  const authorizations: string[] = [];
  globalThis.fetch = ((input: string, init: RequestInit = {}) => {
    authorizations.push(String((init.headers as Record<string, string>)?.Authorization));
    return stubbed(input, init);
  }) as typeof fetch;
  return { api, authorizations };
}

beforeEach(() => localStorage.clear());

describe('a hosted page', () => {
  it("shows the seller's look, the offered channels with search, and calls with the page's token", async () => {
    const { api, authorizations } = stubHostedApi(
      pageUser({ backgroundColor: '#fafafa', toggleLightColor: '#112233', toggleDarkColor: '#445566' }),
    );
    renderPage(`/hostedPages/${TOKEN}`);
    expect(await screen.findByText('Connect your channels')).toBeInTheDocument();
    expect(screen.getByText('Connecting to Acme Web · Acme Ltd')).toBeInTheDocument();
    expect(await screen.findByText('No channels connected yet')).toBeInTheDocument();

    const surface = screen.getByTestId('hosted-page');
    expect(surface).toHaveStyle({ background: '#fafafa' });
    const darkMode = screen.getByLabelText('Dark mode');
    expect(darkMode).toHaveStyle({ backgroundColor: '#112233' });
    fireEvent.click(darkMode);
    expect(surface).toHaveAttribute('data-color-scheme', 'dark');
    expect(darkMode).toHaveStyle({ backgroundColor: '#445566' });
    expect(localStorage.getItem('syncdesk-hosted-color-scheme')).toBe('dark');

    expect(buttonByText('Shopify')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search channels'), { target: { value: 'ets' } });
    expect(screen.queryByText('Shopify')).toBeNull();
    expect(buttonByText('Etsy')).toBeInTheDocument();

    await waitFor(() => expect(api.calls('POST', '/activities')).toHaveLength(1));
    expect(api.calls('POST', '/activities')[0]!.body).toEqual({ path: `/hostedPages/${TOKEN}` });
    // The signed-in session's token ('test-token') is never what a hosted page sends.
    expect(new Set(authorizations)).toEqual(new Set([`Bearer ${TOKEN}`]));
  });

  it('offers no search when the seller turned it off', async () => {
    stubHostedApi(pageUser({ displaySearch: false }));
    renderPage(`/hostedPages/${TOKEN}`);
    expect(await screen.findByText('Connect a channel')).toBeInTheDocument();
    expect(screen.queryByLabelText('Search channels')).toBeNull();
  });

  it('connects a channel with the settings form of its type, then opens it', async () => {
    const channel = {
      id: 31,
      uuid: 'u',
      store_id: 11,
      company_id: 1,
      kind: 'channel',
      type: 'shopify',
      provider: 'Shopify',
      category: 'Ecommerce',
      auth_type: 'oauth',
      name: 'My shop',
      is_active: false,
      is_default: false,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: 'https://my.myshopify.com' },
      credentials_set: [],
      authorized_at: null,
      token_expires_at: null,
      syncs: ['orders_in', 'stock_out', 'fulfilment_out'],
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
    };
    const { api } = stubHostedApi(pageUser(), {
      'GET /rules/store/shopify': { body: { data: settingsFormFor('shopify') } },
      'POST /hostedPages/channels': { status: 201, body: { data: channel } },
      'GET /hostedPages/channels/31': { body: { data: channel } },
      'GET /hostedPages/channels/31/customOrderStatuses': listBody([]),
    });
    renderPage(`/hostedPages/${TOKEN}/channels/create/shopify`);
    expect(await screen.findByText('Add Shopify')).toBeInTheDocument();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'My shop' } });
    fireEvent.change(screen.getByLabelText('Shop URL'), { target: { value: 'https://my.myshopify.com' } });
    fireEvent.click(buttonByText('Create channel'));

    await waitFor(() => expect(api.calls('POST', '/hostedPages/channels')).toHaveLength(1));
    expect(api.calls('POST', '/hostedPages/channels')[0]!.body).toMatchObject({
      channel_type: 'shopify',
      name: 'My shop',
      shop_url: 'https://my.myshopify.com',
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/hostedPages/${TOKEN}/channels/31`),
    );
    expect(
      await screen.findByText('Not connected: connect to grant access before syncing.'),
    ).toBeInTheDocument();
    expect(buttonByText('Connect')).toBeInTheDocument();
    expect(await screen.findByText('No custom order statuses yet')).toBeInTheDocument();
  });

  it('sends a shop address typed without https:// instead of refusing it', async () => {
    const { api } = stubHostedApi(pageUser(), {
      'GET /rules/store/shopify': { body: { data: settingsFormFor('shopify') } },
      'POST /hostedPages/channels': validationError({ name: ['stop here'] }),
    });
    renderPage(`/hostedPages/${TOKEN}/channels/create/shopify`);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'My shop' } });
    fireEvent.change(screen.getByLabelText('Shop URL'), { target: { value: 'my.myshopify.com' } });
    fireEvent.click(buttonByText('Create channel'));

    // The api saves it as https://my.myshopify.com (channel-settings.ts, hosted-pages.test.ts).
    await waitFor(() => expect(api.calls('POST', '/hostedPages/channels')).toHaveLength(1));
    expect(api.calls('POST', '/hostedPages/channels')[0]!.body).toMatchObject({
      shop_url: 'my.myshopify.com',
    });
    expect(screen.queryByText(/must be a valid URL/)).toBeNull();
  });

  it("takes a channel's install link to the offered type's form, filled from the link", async () => {
    stubHostedApi(pageUser(), { 'GET /rules/store/shopify': { body: { data: settingsFormFor('shopify') } } });
    renderPage(`/hostedPages/${TOKEN}/install?type=shopify&shop_url=https%3A%2F%2Fpartner.myshopify.com`);
    expect(await screen.findByText('Add Shopify')).toBeInTheDocument();
    expect(await screen.findByLabelText('Shop URL')).toHaveValue('https://partner.myshopify.com');
  });

  it("shows 'Token expired' on the error page", async () => {
    renderPage('/hostedPages/error', null);
    expect(await screen.findByText('Token expired')).toBeInTheDocument();
  });
});
