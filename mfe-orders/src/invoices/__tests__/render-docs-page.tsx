import { createRemotePageRenderer } from '@syncdesk/web-kit/testing';
import { routes } from '../../routes';

export const DOCS_SCOPES = [
  'orders.read',
  'orders.create',
  'orders.update',
  'customers.read',
  'stores.create',
];

/** This remote's pages for a signed-in user holding DOCS_SCOPES (or the user given). */
export const { sessionUser, renderPage } = createRemotePageRenderer(routes, DOCS_SCOPES);

export {
  buttonByText,
  choose,
  findHeading,
  findModal,
  findPopover,
  queryButtonByText,
} from '@syncdesk/web-kit/testing';
