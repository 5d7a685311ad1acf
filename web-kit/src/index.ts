export { ApiError, isApiError, type ApiErrorInit, type ResponseHeaders } from './http/api-error';
export {
  apiClient,
  createApiClient,
  encodeQueryParams,
  setApiErrorHandler,
  type ApiClient,
  type ApiClientOptions,
  type QueryParams,
  type QueryValue,
  type RequestBody,
  type RequestOptions,
} from './http/api-client';
export { errorNotificationText, singleFieldErrorText } from './http/error-notification-text';
export { notifyError, notifySuccess } from './feedback/notify';
export { NotificationBridge } from './feedback/NotificationBridge';
export {
  SESSION_TOKEN_STORAGE_KEY,
  useSessionStore,
  type SessionState,
  type SessionStore,
  type SessionUser,
} from './session/session.store';
export {
  connectRealtime,
  disconnectRealtime,
  type RealtimeOptions,
  type RealtimeSocket,
  type RealtimeStatus,
} from './realtime/realtime.client';
export { useRealtimeEvent } from './realtime/useRealtimeEvent';
export { useRealtimeStatus } from './realtime/useRealtimeStatus';
export { formatMoney } from './format/format-money';
export { DATE_TIME_DISPLAY_FORMAT, formatDate } from './format/format-date';
export { StatusTag, TONE_COLORS, type StatusTagProps } from './status/StatusTag';
export { ListPage, type ListPageProps, type ListRow } from './table/ListPage';
export { StandaloneApp, type StandaloneAppProps, type StandaloneLink } from './standalone/StandaloneApp';
export { mountStandaloneRemote, type StandaloneRemoteOptions } from './standalone/mountStandaloneRemote';
