import { screen } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { buttonByText, findHeading, renderPage } from './render-page';

// The store forms' routes are covered by stores.test.tsx, which renders both.
it('/stores lists stores with an empty state and a call to action', async () => {
  stubFetch({ 'GET /stores': listBody([]) });
  renderPage('/stores');
  expect(screen.getByText('Stores', { selector: 'h2' })).toBeInTheDocument();
  expect(await screen.findByText('No stores yet')).toBeInTheDocument();
  expect(buttonByText('Create your first store')).toBeInTheDocument();
});

// The records screens themselves: transaction-records/__tests__.
it('/transactionRecords asks whose transaction records to read', async () => {
  stubFetch({ 'GET /stores/11/channels': listBody([]) });
  renderPage('/transactionRecords');
  expect(await findHeading('Transaction records')).toBeInTheDocument();
  expect(
    await screen.findByText(
      'This store has no channels yet. Connect one from Channels to see its calls here.',
    ),
  ).toBeInTheDocument();
});
