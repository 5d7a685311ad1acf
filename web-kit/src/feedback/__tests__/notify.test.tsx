import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';

import { ApiError } from '../../http/api-error';
import { NotificationBridge } from '../NotificationBridge';
import { notifyError, notifySuccess } from '../notify';

function renderBridge() {
  return render(
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <NotificationBridge />
    </ConfigProvider>,
  );
}

describe('notifyError / notifySuccess', () => {
  it('shows a success snackbar bottom right with a Close button that closes it', async () => {
    renderBridge();
    act(() => notifySuccess('Created successfully.'));
    expect(await screen.findByText('Created successfully.')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-bottomRight')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Created successfully.')).not.toBeInTheDocument());
  });

  it('applies the error rules: text from an ApiError, nothing when it is skipped', async () => {
    renderBridge();
    act(() => notifyError(new ApiError({ status: 422, errors: { name: ['Name is required'] } })));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();

    act(() =>
      notifyError(new ApiError({ status: 402, error: 'trial_period_expired', message: 'Trial ended' })),
    );
    expect(screen.queryByText('Trial ended')).not.toBeInTheDocument();
  });

  it('closes itself after 3 seconds', async () => {
    jest.useFakeTimers();
    try {
      renderBridge();
      act(() => notifyError('Something broke'));
      expect(screen.getByText('Something broke')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(3500));
      await act(async () => {
        jest.runOnlyPendingTimers();
      });
      expect(screen.queryByText('Something broke')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
