import { createRemotePageRenderer } from '@syncdesk/web-kit/testing';
import { routes } from '../routes';

export const SELLER_SCOPES = ['channels.read', 'channels.create', 'channels.update', 'channels.delete'];

/** This remote's pages for a signed-in seller holding the channel permissions (or the user given). */
export const { sessionUser, renderPage } = createRemotePageRenderer(routes, SELLER_SCOPES);

export { buttonByText, choose, findModal, findPopover } from '@syncdesk/web-kit/testing';
