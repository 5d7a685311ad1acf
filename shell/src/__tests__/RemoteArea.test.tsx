import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams, type RouteObject } from 'react-router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteArea } from '../remote-area/RemoteArea';
import { registerRemotesFromManifest, type RemoteName } from '../remotes';

// The federation runtime is third-party and needs real script loading; its two calls are faked.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const loadRemoteMock = jest.mocked(loadRemote);
const registerRemotesMock = jest.mocked(registerRemotes);

function StorePage() {
  const { storeId } = useParams();
  return <h2>Orders of store {storeId}</h2>;
}

const ORDER_ROUTES: RouteObject[] = [
  { path: '/orders', element: <h2>All orders</h2> },
  { path: '/orders/:storeId', element: <StorePage /> },
];

/**
 * Mounts the area the way the shell does: under `<path>/*`. The render is awaited inside `act`
 * because React only resumes a component suspended on `use()` when the act scope is awaited.
 */
async function renderArea(remote: RemoteName, path: string, at: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={`${path}/*`} element={<RemoteArea remote={remote} />} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

function answerRemotesJson(body: unknown, ok = true) {
  global.fetch = jest.fn().mockResolvedValue({ ok, status: ok ? 200 : 500, json: async () => body });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

it('renders the remote routes, matched by their absolute paths, once the remote has loaded', async () => {
  loadRemoteMock.mockResolvedValue({ default: ORDER_ROUTES });

  await renderArea('mfe_orders', '/orders', '/orders/12');

  expect(await screen.findByRole('heading', { name: 'Orders of store 12' })).toBeInTheDocument();
  expect(loadRemoteMock).toHaveBeenCalledWith('mfe_orders/routes');
});

it("names the failed area in the navigation's words, and each Retry asks for the remote list again", async () => {
  answerRemotesJson([{ name: 'mfe_channels', entry: 'http://remotes.test/mfe-channels/mf-manifest.json' }]);
  await registerRemotesFromManifest();
  loadRemoteMock.mockRejectedValueOnce(new Error('RUNTIME-003: failed to fetch the manifest'));
  loadRemoteMock.mockRejectedValueOnce(new Error('ScriptNetworkError: Failed to load script'));
  loadRemoteMock.mockResolvedValueOnce({ routes: [{ path: '/stores', element: <h2>Stores page</h2> }] });

  await renderArea('mfe_channels', '/stores', '/stores');

  const panel = await screen.findByTestId('remote-error-panel');
  expect(panel).toHaveTextContent('Stores could not be loaded');
  // The container name means nothing to the person using the app.
  expect(panel).not.toHaveTextContent('mfe_channels');

  // The list does not answer: the entry this page knows is registered again, with force, which is
  // what makes the federation runtime forget the failed manifest.
  answerRemotesJson(null, false);
  registerRemotesMock.mockClear();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
  expect(await screen.findByTestId('remote-error-panel')).toHaveTextContent('Stores could not be loaded');
  expect(global.fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
  expect(registerRemotesMock).toHaveBeenCalledWith(
    [{ name: 'mfe_channels', entry: 'http://remotes.test/mfe-channels/mf-manifest.json' }],
    { force: true },
  );

  // Meanwhile the deployment repointed the remote (REMOTES_FILE): the next Retry finds it there.
  answerRemotesJson([
    { name: 'mfe_channels', entry: 'http://remotes.test/v2/mfe-channels/mf-manifest.json' },
  ]);
  registerRemotesMock.mockClear();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));

  expect(await screen.findByRole('heading', { name: 'Stores page' })).toBeInTheDocument();
  expect(screen.queryByTestId('remote-error-panel')).not.toBeInTheDocument();
  expect(registerRemotesMock).toHaveBeenCalledWith(
    [{ name: 'mfe_channels', entry: 'http://remotes.test/v2/mfe-channels/mf-manifest.json' }],
    { force: true },
  );
  expect(loadRemoteMock).toHaveBeenCalledTimes(3);
});

it('asks for /remotes.json again on Retry when the list never arrived', async () => {
  answerRemotesJson(null, false);
  await registerRemotesFromManifest();
  expect(registerRemotesMock).not.toHaveBeenCalled();
  loadRemoteMock.mockRejectedValueOnce(new Error('RUNTIME-004: remote mfe_admin is not registered'));
  loadRemoteMock.mockResolvedValueOnce({ default: [{ path: '/users', element: <h2>Users page</h2> }] });

  await renderArea('mfe_admin', '/users', '/users');
  await screen.findByTestId('remote-error-panel');

  answerRemotesJson([{ name: 'mfe_admin', entry: 'http://remotes.test/mfe-admin/mf-manifest.json' }]);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));

  expect(await screen.findByRole('heading', { name: 'Users page' })).toBeInTheDocument();
  expect(global.fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
  expect(registerRemotesMock).toHaveBeenCalledWith(
    [{ name: 'mfe_admin', entry: 'http://remotes.test/mfe-admin/mf-manifest.json' }],
    { force: true },
  );
});

it('shows the error panel when a remote page throws while rendering', async () => {
  function BrokenPage(): never {
    throw new Error('render failed');
  }
  loadRemoteMock.mockResolvedValue({ default: [{ path: '/hostedPages', element: <BrokenPage /> }] });

  await renderArea('mfe_hosted', '/hostedPages', '/hostedPages');

  expect(await screen.findByTestId('remote-error-panel')).toHaveTextContent(
    'Hosted Pages could not be loaded',
  );
});

it('shows the 404 text for a path inside the area that the remote does not have', async () => {
  loadRemoteMock.mockResolvedValue({ default: [{ path: '/products', element: <h2>Products page</h2> }] });

  await renderArea('mfe_catalogue', '/products', '/products/1/2/3/4');

  expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
});
