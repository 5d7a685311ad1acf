import { PERMISSION_NAMES } from '@syncdesk/contracts';
import { createRemotePageRenderer } from '@syncdesk/web-kit/testing';

import { routes } from '../routes';

/**
 * The owner's permissions: every one, without data protection (which takes away). Tests of what a
 * narrower user may do pass their own scope.
 */
export const ALL_SCOPES: string[] = PERMISSION_NAMES.filter((name) => name !== 'data_protection');

/** This remote's pages for Olivia Owner (id 7) of Acme Ltd, holding ALL_SCOPES unless overridden. */
export const { sessionUser, renderPage } = createRemotePageRenderer(routes, ALL_SCOPES);

export { buttonByText as buttonByText, queryButtonByText } from '@syncdesk/web-kit/testing';
