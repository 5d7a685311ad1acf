import { z } from 'zod';
import { HOSTED_PAGE_DEFAULT_STYLES, type HostedPageStyles } from '../constants';

/**
 * The look of a company's hosted pages (platform-shell §3 "Hosted page user": logo_url and styles).
 * The shape and the spec's defaults are `HostedPageStyles` and `HOSTED_PAGE_DEFAULT_STYLES` in
 * constants.ts; here are the rules a stored or submitted look must keep.
 */
export type HostedPageStylesheet = HostedPageStyles['customStylesheets'][number];

/** Font sizes a page may use, in pixels (stored as `'12px'`, the spec's form). */
export const HOSTED_PAGE_FONT_SIZE = { min: 10, max: 24 } as const;
export const MAX_CUSTOM_STYLESHEETS = 5;
const MAX_URL_LENGTH = 2048;

/** `#rrggbb`: the only colour form stored, so a value can go into CSS without escaping. */
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * What is wrong with a url a hosted page loads (a logo or a stylesheet), or null. Only https, and
 * only characters that can stand in a Content-Security-Policy source list as they are: no
 * whitespace, quotes, commas or semicolons, no user name or password.
 */
export function hostedAssetUrlProblem(value: string, label: string): string | null {
  if (!/^https:\/\//i.test(value)) return `The ${label} must start with https://.`;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return `The ${label} must be a valid URL.`;
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname || parsed.username || parsed.password)
    return `The ${label} must be a valid URL.`;
  if (/[\s;,'"\\]/.test(parsed.href)) return `The ${label} must be a valid URL.`;
  return null;
}

/** An https url for the page to load, normalised to what the WHATWG parser makes of it. */
export const hostedAssetUrlSchema = (label: string) =>
  z
    .string({ error: `The ${label} must be a valid URL.` })
    .trim()
    .max(MAX_URL_LENGTH, `The ${label} may not be greater than ${MAX_URL_LENGTH} characters.`)
    .superRefine((value, context) => {
      const problem = hostedAssetUrlProblem(value, label);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => new URL(value).href);

const colour = (label: string) =>
  z
    .string({ error: `The ${label} must be a colour like #121212.` })
    .trim()
    .regex(HEX_COLOUR, `The ${label} must be a colour like #121212.`)
    .transform((value) => value.toLowerCase());

const FONT_SIZE_MESSAGE = `The font size must be between ${HOSTED_PAGE_FONT_SIZE.min}px and ${HOSTED_PAGE_FONT_SIZE.max}px.`;

const flag = (label: string) => z.boolean({ error: `The ${label} field must be true or false.` });

export const hostedPageStylesheetSchema = z.object({
  id: z
    .string({ error: 'The stylesheet id field is required.' })
    .trim()
    .min(1, 'The stylesheet id field is required.')
    .max(64, 'The stylesheet id may not be greater than 64 characters.'),
  url: hostedAssetUrlSchema('stylesheet URL'),
});

export const hostedPageStylesSchema = z.object({
  isLogoHidden: flag('hide logo'),
  backgroundColor: colour('background colour'),
  buttonColor: colour('button colour'),
  buttonTextColor: colour('button text colour'),
  toggleLightColor: colour('toggle light colour'),
  toggleDarkColor: colour('toggle dark colour'),
  displaySearch: flag('search'),
  fontSize: z
    .string({ error: FONT_SIZE_MESSAGE })
    .trim()
    .regex(/^\d{1,2}px$/, FONT_SIZE_MESSAGE)
    .refine((value) => {
      const pixels = Number.parseInt(value, 10);
      return pixels >= HOSTED_PAGE_FONT_SIZE.min && pixels <= HOSTED_PAGE_FONT_SIZE.max;
    }, FONT_SIZE_MESSAGE),
  isDarkMode: flag('dark mode'),
  isCustomStylesheetsEnabled: flag('custom stylesheets'),
  customStylesheets: z
    .array(hostedPageStylesheetSchema, { error: 'The custom stylesheets must be a list.' })
    .max(MAX_CUSTOM_STYLESHEETS, `No more than ${MAX_CUSTOM_STYLESHEETS} custom stylesheets can be added.`),
});

/**
 * Stored styles read back leniently: anything missing or no longer valid takes its default, so a
 * page always renders (a stored value is never trusted into CSS without passing the schema).
 */
export function hostedPageStylesOf(stored: unknown): HostedPageStyles {
  const input = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const styles: Record<string, unknown> = { ...HOSTED_PAGE_DEFAULT_STYLES, customStylesheets: [] };
  for (const [key, schema] of Object.entries(hostedPageStylesSchema.shape)) {
    const parsed = (schema as z.ZodType).safeParse(input[key]);
    if (parsed.success) styles[key] = parsed.data;
  }
  return styles as unknown as HostedPageStyles;
}
