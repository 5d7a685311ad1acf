import { StrictMode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';

import { ERROR_MESSAGES } from '@syncdesk/contracts';
import { useSessionStore } from '@syncdesk/web-kit';
import { stubFetch } from '@syncdesk/web-kit/testing';

import { authorizationRoutes } from '../authorization-routes';

function Pages() {
  const location = useLocation();
  return (
    <>
      {useRoutes(authorizationRoutes)}
      <output data-testid="location">{location.pathname}</output>
    </>
  );
}

/** As the shell renders it in development: under StrictMode, signed in or (token null) a guest. */
function renderCallback(path: string, token: string | null = 'test-token') {
  useSessionStore.setState({ token, user: null });
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Pages />
      </MemoryRouter>
    </StrictMode>,
  );
}

const CONNECTED = {
  body: { data: { channel_id: 5, store_id: 11, kind: 'channel', name: 'Acme Shopify', guest: false } },
};

it('posts the code once (StrictMode) and links to the connected channel', async () => {
  const api = stubFetch({ 'POST /authorization/shopify/callback': CONNECTED });
  renderCallback('/authorization/shopify?code=the-code&state=the-state&shop=acme.myshopify.com');
  expect(await screen.findByText('Channel connected successfully.')).toBeInTheDocument();
  expect(api.calls('POST', '/authorization/shopify/callback')).toHaveLength(1);
  expect(api.requests[0]?.body).toEqual({ code: 'the-code', state: 'the-state' });

  fireEvent.click(screen.getByRole('button', { name: 'Open channel settings' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/channels/5');
});

it("passes the provider's refusal on and shows the server's message", async () => {
  const message = 'Channel connection failed, with The user denied access to the application';
  const api = stubFetch({
    'POST /authorization/shopify/callback': { status: 422, body: { message, error: 'validation' } },
  });
  renderCallback('/authorization/shopify?error=access_denied&error_description=Denied&state=s');
  // The notification says it too; the page keeps it in view.
  expect(await screen.findByText(message, { selector: '.ant-result-title' })).toBeInTheDocument();
  expect(api.requests[0]?.body).toEqual({ error: 'access_denied', error_description: 'Denied', state: 's' });
  expect(screen.getByRole('button', { name: 'Back to channels' })).toBeInTheDocument();
});

it('says to contact support when the failure is unexpected (plugin wording on the plugin page)', async () => {
  stubFetch({
    'POST /authorization/plugin/shipbob/callback': {
      status: 500,
      body: { message: 'Internal server error.', error: 'internal' },
    },
  });
  renderCallback('/authorization/plugin/shipbob?code=c&state=s');
  expect(
    await screen.findByText(ERROR_MESSAGES.pluginConnectError, { selector: '.ant-result-title' }),
  ).toBeInTheDocument();
});

it('a guest (no login) gets the result without links into the app', async () => {
  stubFetch({
    'POST /authorization/xero/callback': {
      body: { data: { ...CONNECTED.body.data, kind: 'accounting', name: 'Acme Xero', guest: true } },
    },
  });
  renderCallback('/authorization/xero?code=c&state=s', null);
  expect(await screen.findByText('Acme Xero is connected. You can close this window.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Open channel settings' })).not.toBeInTheDocument();
});
