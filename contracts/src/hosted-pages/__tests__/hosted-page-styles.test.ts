import { HOSTED_PAGE_DEFAULT_STYLES } from '../../constants';
import { createHostedPageSchema, hostedPageSettingsSchema } from '../hosted-page.dto';
import { hostedAssetUrlProblem, hostedPageStylesOf, hostedPageStylesSchema } from '../hosted-page.styles';

describe('hosted page styles', () => {
  it('keep the spec’s defaults', () => {
    expect(HOSTED_PAGE_DEFAULT_STYLES).toMatchObject({
      backgroundColor: '#ffffff',
      buttonColor: '#121212',
      buttonTextColor: '#ffffff',
      toggleLightColor: '#add3ff',
      toggleDarkColor: '#3d71da',
      fontSize: '12px',
      isDarkMode: false,
    });
    expect(hostedPageStylesSchema.parse(HOSTED_PAGE_DEFAULT_STYLES)).toEqual(HOSTED_PAGE_DEFAULT_STYLES);
  });

  it('read stored values leniently: anything unusable takes its default', () => {
    expect(hostedPageStylesOf(null)).toEqual(HOSTED_PAGE_DEFAULT_STYLES);
    expect(
      hostedPageStylesOf({
        buttonColor: '#ABCDEF',
        backgroundColor: 'red; background: url(x)',
        fontSize: '99px',
        customStylesheets: [{ id: 'a', url: 'http://plain.example/a.css' }],
        unknown: true,
      }),
    ).toEqual({ ...HOSTED_PAGE_DEFAULT_STYLES, buttonColor: '#abcdef' });
  });

  it('accept only https asset urls that can stand in a Content-Security-Policy as they are', () => {
    expect(hostedAssetUrlProblem('https://cdn.example.com/brand.css', 'stylesheet URL')).toBeNull();
    expect(hostedAssetUrlProblem('http://cdn.example.com/brand.css', 'stylesheet URL')).toBe(
      'The stylesheet URL must start with https://.',
    );
    for (const url of [
      "https://cdn.example.com/a.css; script-src 'unsafe-inline'",
      'https://cdn.example.com/a.css,https://evil.example',
      'https://user:secret@cdn.example.com/a.css',
      'https://',
    ]) {
      expect(hostedAssetUrlProblem(url, 'stylesheet URL')).toBe('The stylesheet URL must be a valid URL.');
    }
  });

  it("read a settings body's logo: a url, or '' and null to remove it", () => {
    expect(hostedPageSettingsSchema.parse({ logo_url: '' })).toEqual({ logo_url: null });
    expect(hostedPageSettingsSchema.parse({ logo_url: null })).toEqual({ logo_url: null });
    expect(hostedPageSettingsSchema.parse({})).toEqual({});
    expect(hostedPageSettingsSchema.safeParse({ logo_url: 'ftp://x/logo.png' }).success).toBe(false);
  });

  it('make a link only for connectable sales channels, de-duplicated', () => {
    const parsed = createHostedPageSchema.parse({
      store_id: 1,
      channel_types: ['shopify', 'shopify', 'etsy'],
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(parsed.channel_types).toEqual(['shopify', 'etsy']);
    // An accounting channel, a plugin and the inactive cubecart are not offered.
    for (const type of ['xero', 'shipbob', 'cubecart']) {
      expect(
        createHostedPageSchema.safeParse({
          store_id: 1,
          channel_types: [type],
          expires_at: parsed.expires_at,
        }).success,
      ).toBe(false);
    }
  });
});
