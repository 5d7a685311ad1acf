import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SystemAnnouncementEvent } from '@syncdesk/contracts';
import { useRealtimeEvent } from '@syncdesk/web-kit';
import { AppRoutes } from '../AppRoutes';
import { ThemeProvider } from '../theme/ThemeProvider';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));

// The layout's realtime pieces talk to a socket; here they are inert and observable.
jest.mock('@syncdesk/web-kit', () => ({
  ...jest.requireActual<object>('@syncdesk/web-kit'),
  useRealtimeStatus: () => 'connected',
  useRealtimeEvent: jest.fn(),
}));

function renderShellAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeProvider>
        <AppRoutes />
      </ThemeProvider>
    </MemoryRouter>,
  );
}

it('shows the dashboard at / inside the layout', () => {
  renderShellAt('/');

  expect(screen.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByText('Syncdesk')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Transaction records' })).toHaveAttribute(
    'href',
    '/transactionRecords',
  );
  expect(screen.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected');
});

it("shows 'This page could not be found' for an unknown path", () => {
  renderShellAt('/no/such/page');

  expect(screen.getByText('This page could not be found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
});

it('mounts the owning remote for its top-level paths', () => {
  renderShellAt('/orders/1/2');

  expect(screen.getByTestId('remote-area-loading')).toBeInTheDocument();
});

it('shows a system announcement at the bottom right with its message verbatim and a Close button', async () => {
  renderShellAt('/');
  const [eventName, handler] = jest.mocked(useRealtimeEvent).mock.calls.at(-1) as unknown as [
    string,
    (event: SystemAnnouncementEvent) => void,
  ];
  expect(eventName).toBe('system:announcement');

  act(() =>
    handler({ id: 1, message: 'Maintenance at 22:00 UTC — expect 5 minutes.', at: '2025-01-01T00:00:00Z' }),
  );

  const toast = await screen.findByTestId('system-announcement');
  expect(toast).toHaveTextContent('Maintenance at 22:00 UTC — expect 5 minutes.');
  expect(toast.closest('.ant-notification-bottomRight, [class*="bottomRight"]')).not.toBeNull();

  fireEvent.click(within(toast).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByTestId('system-announcement')).not.toBeInTheDocument());
});
