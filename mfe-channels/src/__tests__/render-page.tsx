import { createRemotePageRenderer } from '@syncdesk/web-kit/testing';
import { routes } from '../routes';

export const ALL_SCOPES = [
  'stores.create',
  'stores.read',
  'stores.update',
  'stores.delete',
  'channels.read',
  'logs.read',
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
