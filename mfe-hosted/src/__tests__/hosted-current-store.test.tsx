import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { currentStoreStorageKey } from '@syncdesk/web-kit';
import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { choose, findModal, renderPage, sessionUser } from './render-page';

const SELLER = sessionUser({
  stores: [
    { id: 11, name: 'Acme Web' },
    { id: 12, name: 'Acme Trade' },
  ],
});

beforeEach(() => localStorage.clear());

describe('Hosted links and the current store', () => {
  it('proposes the store the seller last used for a new link, and a store picked here becomes it', async () => {
    localStorage.setItem(currentStoreStorageKey(SELLER), '12');
    stubFetch({ 'GET /hostedPages/list': listBody([]) });
    renderPage('/hostedPages', SELLER);
    fireEvent.click((await screen.findAllByText('Create link', { selector: 'button *' }))[0]!);
    const modal = await findModal('Create a hosted page link');
    await waitFor(() => expect(within(modal).getByTitle('Acme Trade')).toBeInTheDocument());
    fireEvent.keyDown(modal, { key: 'Escape' });

    await choose('Store', 'Acme Web');
    expect(localStorage.getItem(currentStoreStorageKey(SELLER))).toBe('11');
  });
});
