import { createRemotePageRenderer } from '@syncdesk/web-kit/testing';
import { routes } from '../routes';

export const ALL_SCOPES = [
  'products.read',
  'products.create',
  'products.update',
  'products.delete',
  'stores.create',
];

/** This remote's pages for a signed-in user holding ALL_SCOPES (or the user given). */
export const { sessionUser, renderPage } = createRemotePageRenderer(routes, ALL_SCOPES);

export {
  buttonByText,
  choose,
  findHeading,
  findModal,
  findPopover,
  queryButtonByText,
} from '@syncdesk/web-kit/testing';
