import { notification } from 'antd';
import { useEffect, type ReactElement } from 'react';

import { SNACKBAR_DURATION_MS } from '@syncdesk/contracts';

import { registerNotificationApi } from './notify';

/**
 * Render once inside the app's ConfigProvider (the shell does): it gives notifyError/notifySuccess
 * a notification instance that inherits the theme, so snackbars are dark in dark mode.
 */
export function NotificationBridge(): ReactElement {
  const [api, contextHolder] = notification.useNotification({
    placement: 'bottomRight',
    duration: SNACKBAR_DURATION_MS / 1000,
    maxCount: 3,
  });
  useEffect(() => registerNotificationApi(api), [api]);
  return contextHolder;
}
