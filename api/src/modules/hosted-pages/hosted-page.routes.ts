import { createHostedPageSchema, hostedPageSettingsSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { HostedPageLinkService } from './hosted-page-link.service';
import type { HostedPageSettingsService } from './hosted-page-settings.service';
import { readLogoBody } from './logo-image';

export interface HostedPageRouteServices {
  hostedPages: HostedPageLinkService;
  hostedPageSettings: HostedPageSettingsService;
}

/**
 * The seller's side of hosted pages. Handing out a link lets someone connect channels to the
 * store, so links need the channel permissions (list: read; create and revoke: create); the look
 * is part of the same setup (read; change: update). The uploaded logo is public: the page's
 * visitor has no account.
 */
export function hostedPageRoutes(services: () => HostedPageRouteServices): ApiRoute[] {
  return [
    route('GET', '/hostedPages/list', { permission: 'channels.read' }, async (ctx) => {
      ctx.body = await services().hostedPages.list(scopeOf(ctx), ctx.query);
    }),
    route('POST', '/hostedPages/create', { permission: 'channels.create' }, async (ctx) => {
      const input = validate(createHostedPageSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services().hostedPages.create(scopeOf(ctx), input) };
    }),
    route('GET', '/hostedPages/links/:id', { permission: 'channels.read' }, async (ctx) => {
      ctx.body = { data: await services().hostedPages.show(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('DELETE', '/hostedPages/links/:id', { permission: 'channels.create' }, async (ctx) => {
      ctx.body = { data: await services().hostedPages.revoke(scopeOf(ctx), idParam(ctx, 'id')) };
    }),

    route('GET', '/hostedPagesSettings', { permission: 'channels.read' }, async (ctx) => {
      ctx.body = { data: await services().hostedPageSettings.get(scopeOf(ctx)) };
    }),
    route('PUT', '/hostedPagesSettings', { permission: 'channels.update' }, async (ctx) => {
      const input = validate(hostedPageSettingsSchema, ctx.request.body);
      ctx.body = { data: await services().hostedPageSettings.update(scopeOf(ctx), input) };
    }),
    // The body is the image itself (any Content-Type but JSON); its type is read from its bytes.
    route('PUT', '/hostedPagesSettings/logo', { permission: 'channels.update' }, async (ctx) => {
      // Whatever is left unread of a refused upload is not waited for.
      ctx.set('Connection', 'close');
      const bytes = await readLogoBody(ctx.req);
      ctx.remove('Connection');
      ctx.body = { data: await services().hostedPageSettings.uploadLogo(scopeOf(ctx), bytes) };
    }),
    route('DELETE', '/hostedPagesSettings/logo', { permission: 'channels.update' }, async (ctx) => {
      ctx.body = { data: await services().hostedPageSettings.removeLogo(scopeOf(ctx)) };
    }),
    route('GET', '/hostedPages/logo/:key', 'public', async (ctx) => {
      const logo = await services().hostedPageSettings.logo(ctx.params.key ?? '');
      ctx.type = logo.type;
      // A new upload gets a new key, so a logo never changes under its url.
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
      ctx.body = logo.data;
    }),
  ];
}
