import { createRemotePageRenderer } from '@syncdesk/web-kit/src/testing/render-remote-page';
import { routes } from '../routes';

export const ALL_SCOPES = [
  'general.create',
  'general.read',
  'general.update',
  'general.delete',
  'users.create',
  'users.read',
  'users.update',
  'users.delete',
  'roles.create',
  'roles.read',
  'roles.update',
  'roles.delete',
];

/** This remote's pages for a signed-in user holding ALL_SCOPES (or the user given). */
export const { sessionUser, renderPage } = createRemotePageRenderer(routes, ALL_SCOPES);
