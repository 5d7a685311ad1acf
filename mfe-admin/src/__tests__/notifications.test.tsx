import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { NotificationDto } from '@syncdesk/contracts';
import { listBody, stubFetch, type StubbedRequest } from '@syncdesk/web-kit/testing';

import { NOTIFICATIONS_EMPTY_TEXT } from '../pages/NotificationListPage';
import { buttonByText, queryButtonByText, renderPage } from './render-page';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const notification = (overrides: Partial<NotificationDto>): NotificationDto => ({
  id: 1,
  level: 0,
  status: 0,
  title: 'Import finished',
  message: 'products.csv: 50 rows imported, 0 rows failed.',
  link: '/products/11?transfer=0b8e7c1a',
  created_at: '2026-11-24T09:31:00.000Z',
  ...overrides,
});

/**
 * The server's notifications, as the api answers them: unread ones unless `show_all=1`, dismissed
 * ones never, and bulk updates applied.
 */
function notificationsApi(rows: NotificationDto[]) {
  let stored = rows.map((row) => ({ ...row }));
  return stubFetch({
    'GET /notifications': (request: StubbedRequest) => {
      const statuses = request.query.get('show_all') === '1' ? [0, 1] : [0];
      return listBody(stored.filter((row) => statuses.includes(row.status)));
    },
    'PUT /notifications/bulk-update': (request: StubbedRequest) => {
      const { ids, all, status } = request.body as { ids?: number[]; all?: boolean; status: 0 | 1 | 2 };
      let updated = 0;
      stored = stored.map((row) => {
        if ((all || ids?.includes(row.id)) && row.status < status) {
          updated += 1;
          return { ...row, status };
        }
        return row;
      });
      return { body: { data: { updated } } };
    },
  });
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('Notifications', () => {
  it('lists unread notifications, marks one read, dismisses one, and shows read ones under All', async () => {
    const api = notificationsApi([
      notification({ id: 3, title: 'Export ready', level: 0, message: 'Your CSV export is ready.' }),
      notification({ id: 2, title: 'Import finished', level: 1, message: '48 imported, 2 failed.' }),
      notification({ id: 1, title: 'Old one', status: 1 }),
    ]);
    renderPage('/notifications');
    const exportRow = await rowOf('Export ready');
    expect(within(exportRow).getByText('Your CSV export is ready.')).toBeInTheDocument();
    expect(within(await rowOf('Import finished')).getByText('Warning')).toBeInTheDocument();
    expect(screen.queryByText('Old one')).not.toBeInTheDocument();

    fireEvent.click(buttonByText('Mark read', exportRow));
    await waitFor(() => expect(screen.queryByText('Export ready')).not.toBeInTheDocument());
    fireEvent.click(within(await rowOf('Import finished')).getByLabelText('Dismiss Import finished'));
    expect(
      await screen.findByText('No unread notifications. Imports and exports tell you here when they finish.'),
    ).toBeInTheDocument();
    expect(api.calls('PUT', '/notifications/bulk-update').map((call) => call.body)).toEqual([
      { ids: [3], status: 1 },
      { ids: [2], status: 2 },
    ]);

    fireEvent.click(screen.getByText('All'));
    const oldRow = await rowOf('Old one');
    expect(within(oldRow).getByText('Read')).toBeInTheDocument();
    expect(queryButtonByText('Mark read', oldRow)).toBeNull();
    expect(within(await rowOf('Export ready')).getByText('Read')).toBeInTheDocument();
    expect(screen.queryByText('Import finished')).not.toBeInTheDocument();
    expect(api.calls('GET', '/notifications').at(-1)!.query.get('show_all')).toBe('1');
  });

  it('opens a notification: marks it read and goes to its page', async () => {
    const api = notificationsApi([notification({ id: 5 })]);
    // Products belong to another remote: this one's router has no such page to show.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage('/notifications');
    fireEvent.click(buttonByText('Open', await rowOf('Import finished')));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products/11'));
    expect(api.calls('PUT', '/notifications/bulk-update')[0]?.body).toEqual({ ids: [5], status: 1 });
    warn.mockRestore();
  });

  it('marks all read, shows new ones as they arrive, and says what to expect when there are none', async () => {
    const api = notificationsApi([]);
    renderPage('/notifications');
    fireEvent.click(await screen.findByText('Show all'));
    expect(await screen.findByText(NOTIFICATIONS_EMPTY_TEXT)).toBeInTheDocument();

    api.on('GET /notifications', listBody([notification({ id: 9, title: 'Export ready' })]));
    await waitFor(() => expect(listenerCount('notification:created')).toBeGreaterThan(0));
    act(() => serverEmits('notification:created', { notificationId: 9, level: 0 }));
    expect(await screen.findByText('Export ready')).toBeInTheDocument();

    fireEvent.click(buttonByText('Mark all read'));
    await waitFor(() =>
      expect(api.calls('PUT', '/notifications/bulk-update')[0]?.body).toEqual({ all: true, status: 1 }),
    );
  });
});
