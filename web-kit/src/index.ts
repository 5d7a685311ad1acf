export { ApiError, isApiError, type ApiErrorInit, type ResponseHeaders } from './http/api-error';
export {
  apiClient,
  createApiClient,
  quietApiClient,
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
export { useDebouncedRefresh } from './realtime/useDebouncedRefresh';
export { useThrottledRefresh } from './realtime/useThrottledRefresh';
export { useRealtimeStatus } from './realtime/useRealtimeStatus';
export { formatMoney } from './format/format-money';
export { DATE_TIME_DISPLAY_FORMAT, formatDate } from './format/format-date';
export { StatusTag, TONE_COLORS, type StatusTagProps } from './status/StatusTag';
export { ListPage, type ListPageProps, type ListRow } from './table/ListPage';
export { StandaloneApp, type StandaloneAppProps, type StandaloneLink } from './standalone/StandaloneApp';
export { mountStandaloneRemote, type StandaloneRemoteOptions } from './standalone/mountStandaloneRemote';
export {
  clearSessionLocalKeys,
  endLocalSession,
  refreshSessionUser,
  signIn,
  signOut,
  startSession,
  switchCompany,
} from './session/session.actions';
export {
  broadcastSessionMessage,
  listenToSessionMessages,
  SESSION_CHANNEL_NAME,
  type SessionBroadcastMessage,
} from './session/session.channel';
export { navigateForSession, setSessionNavigator, type SessionNavigate } from './session/session.navigation';
export { useSessionUser } from './session/useSessionUser';
export { useCan } from './session/useCan';
export { useHidesPersonalData } from './session/useHidesPersonalData';
export {
  changeStorePath,
  CHOOSE_STORE_PARAM,
  StoreChooserPage,
  StoreSubtitle,
  type StoreChooserPageProps,
} from './session/StoreChooserPage';
export {
  currentStoreOf,
  currentStoreStorageKey,
  rememberCurrentStore,
  storeIdInLocation,
  useCurrentStore,
  useCurrentStoreFromLocation,
} from './session/current-store';
export { applySessionMessage, useSessionSync } from './session/useSessionSync';
export {
  useListQuery,
  listParamsFromTableChange,
  type ListParamsUpdate,
  type ListQueryResult,
  type TableFilters,
  type UseListQueryOptions,
} from './table/useListQuery';
export {
  useColumnPreferences,
  readColumnPreferences,
  type ColumnPreference,
  type ColumnPreferencesResult,
  type ColumnPreferencesStore,
  type ColumnSettingsItem,
  type PreferenceColumn,
} from './table/useColumnPreferences';
export { ColumnSettings, type ColumnSettingsProps } from './table/ColumnSettings';
export {
  useSelection,
  type FrozenSelection,
  type Selection,
  type SelectionState,
  type UseSelectionOptions,
} from './table/useSelection';
export { SelectionBar, type SelectionBarProps } from './table/SelectionBar';
export { DataTable, SHELL_HEADER_HEIGHT, type DataTableColumn, type DataTableProps } from './table/DataTable';
export { applyServerErrors } from './table/form-errors';
export { zodRule } from './table/form-rules';
export { PageHeader, type PageHeaderProps } from './table/PageHeader';
export {
  listDayRange,
  pickerDays,
  selectedFilterValues,
  withDateRange,
  withFilter,
  type ListDateRange,
} from './table/list-filter-updates';
export { RecordLoadState, useRecord } from './table/useRecord';
export * from './forms/SettingsFields';
export { RuleValueInput, type RuleValueInputProps } from './forms/RuleValueInput';
export { ImportDialog, type ImportDialogProps } from './transfers/ImportDialog';
export { ExportMenu, type ExportMenuProps } from './transfers/ExportMenu';
export { ExportStatus } from './transfers/ExportStatus';
export {
  TransferLinkHandler,
  TRANSFER_LINK_PARAMETER,
  type TransferLinkHandlerProps,
} from './transfers/TransferLinkHandler';
export { useTransfer, type TransferState } from './transfers/useTransfer';
export {
  applyFetchedTransfer,
  applyProgressEvent,
  isTransferFinished,
  transferPercent,
} from './transfers/transfer-progress';
export {
  downloadTransferFile,
  fetchImportReport,
  fetchTransfer,
  parseImportReport,
  saveFile,
  startExport,
  startImport,
  type ImportReport,
  type TransferStartedResponse,
} from './transfers/transfers.api';
export { lagSentence, lagText, pendingText } from './format/sync-lag-text';
