import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { HOSTED_PAGE_DEFAULT_STYLES, type HostedPageLinkDto } from '@syncdesk/contracts';
import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { buttonByText, choose, findModal, findPopover, renderPage } from './render-page';

function link(overrides: Partial<HostedPageLinkDto> = {}): HostedPageLinkDto {
  return {
    id: 5,
    name: 'Marketplace sellers',
    store_id: 11,
    store_name: 'Acme Web',
    channel_types: ['shopify', 'etsy', 'ebay', 'amazonsp'],
    expires_at: '2030-01-01T00:00:00Z',
    revoked_at: null,
    status: 'active',
    url: 'https://app.test/hostedPages/hp_abc',
    channels_count: 2,
    last_used_at: null,
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

describe('Hosted pages (the seller’s list)', () => {
  it('lists links and revokes one after confirmation', async () => {
    const api = stubFetch({
      'GET /hostedPages/list': listBody([
        link(),
        link({
          id: 6,
          name: 'Old link',
          status: 'revoked',
          url: null,
          channel_types: ['etsy'],
          channels_count: 0,
        }),
      ]),
      'DELETE /hostedPages/links/:id': { body: { data: link({ status: 'revoked', url: null }) } },
    });
    renderPage('/hostedPages');
    expect(await screen.findByText('Marketplace sellers')).toBeInTheDocument();
    expect(screen.getByText('Shopify, Etsy, eBay and 1 more')).toBeInTheDocument();
    expect(screen.getByText('2 channels')).toBeInTheDocument();
    expect(screen.getByText('Revoked')).toBeInTheDocument();

    await choose('Status', 'Active');
    await waitFor(() =>
      expect(api.calls('GET', '/hostedPages/list').at(-1)?.query.get('status')).toBe('active'),
    );

    fireEvent.click(buttonByText('Revoke'));
    fireEvent.click(buttonByText('Revoke', await findPopover('Revoke Marketplace sellers?')));
    await waitFor(() => expect(api.calls('DELETE', '/hostedPages/links/5')).toHaveLength(1));
    await waitFor(() => expect(api.calls('GET', '/hostedPages/list')).toHaveLength(3));
  });

  it('creates a link for a store with the offered channel types, and shows it to copy', async () => {
    const api = stubFetch({
      'GET /hostedPages/list': listBody([]),
      'POST /hostedPages/create': { status: 201, body: { data: link({ channels_count: 0 }) } },
    });
    renderPage('/hostedPages');
    fireEvent.click((await screen.findAllByText('Create link', { selector: 'button *' }))[0]!);
    const modal = await findModal('Create a hosted page link');
    fireEvent.change(within(modal).getByLabelText('Name'), { target: { value: 'Marketplace sellers' } });
    // The list is long (and virtual): the search narrows it, as a person would.
    const types = within(modal).getByLabelText('Channel types offered');
    fireEvent.mouseDown(types);
    fireEvent.change(types, { target: { value: 'Shopify' } });
    fireEvent.click(await screen.findByTitle('Shopify'));
    fireEvent.click(buttonByText('Create link', modal));

    await waitFor(() => expect(api.calls('POST', '/hostedPages/create')).toHaveLength(1));
    const body = api.calls('POST', '/hostedPages/create')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ store_id: 11, name: 'Marketplace sellers', channel_types: ['shopify'] });
    const expiresIn = Date.parse(String(body.expires_at)) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
    expect(await screen.findByDisplayValue('https://app.test/hostedPages/hp_abc')).toBeInTheDocument();
  });
});

describe('Hosted Pages Settings', () => {
  it('starts from the saved look, previews changes live, and saves them', async () => {
    const api = stubFetch({
      'GET /hostedPagesSettings': {
        body: { data: { logo_url: null, logo_source: null, styles: { ...HOSTED_PAGE_DEFAULT_STYLES } } },
      },
      'PUT /hostedPagesSettings': ({ body }) => ({
        body: {
          data: {
            logo_url: null,
            logo_source: null,
            styles: { ...HOSTED_PAGE_DEFAULT_STYLES, ...(body as { styles: object }).styles },
          },
        },
      }),
    });
    renderPage('/hostedPagesSettings');
    const background = await screen.findByLabelText('Background colour');
    expect(background).toHaveValue('#ffffff');
    expect(screen.getByLabelText('Button colour')).toHaveValue('#121212');
    expect(screen.getByLabelText('Font size')).toHaveValue('12');

    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByTestId('hosted-page')).toHaveStyle({ background: '#ffffff' });
    fireEvent.change(background, { target: { value: '#102030' } });
    await waitFor(() =>
      expect(within(preview).getByTestId('hosted-page')).toHaveStyle({ background: '#102030' }),
    );
    expect(within(preview).getByLabelText('Preview search')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Search in the channel list'));
    await waitFor(() => expect(within(preview).queryByLabelText('Preview search')).toBeNull());

    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(api.calls('PUT', '/hostedPagesSettings')).toHaveLength(1));
    expect(api.calls('PUT', '/hostedPagesSettings')[0]!.body).toEqual({
      logo_url: null,
      styles: { ...HOSTED_PAGE_DEFAULT_STYLES, backgroundColor: '#102030', displaySearch: false },
    });
  });

  it('shows the api’s refusal under the field it names', async () => {
    stubFetch({
      'GET /hostedPagesSettings': {
        body: { data: { logo_url: null, logo_source: null, styles: { ...HOSTED_PAGE_DEFAULT_STYLES } } },
      },
      'PUT /hostedPagesSettings': {
        status: 422,
        body: {
          message: '',
          error: 'validation',
          errors: {
            'styles.customStylesheets.0.url': ['The stylesheet URL must be a public internet address.'],
          },
        },
      },
    });
    renderPage('/hostedPagesSettings');
    fireEvent.click(await screen.findByText('Add stylesheet'));
    fireEvent.change(screen.getByLabelText('Stylesheet 1 URL'), {
      target: { value: 'https://10.0.0.1/a.css' },
    });
    fireEvent.click(buttonByText('Save'));
    expect(
      await screen.findByText('The stylesheet URL must be a public internet address.'),
    ).toBeInTheDocument();
  });
});
