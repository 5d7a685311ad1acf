import type { PermissionName } from './permissions';

/**
 * The route table of both specs. Each route is written once, as a react-router pattern
 * (`:name` a parameter, `:name?` an optional one); `routes.*` builds concrete paths from it.
 */
export const ROUTE_PATTERNS = {
  // Top level (platform-shell §2)
  home: '/',
  adminNotifications: '/adminNotifications',
  adminSettings: '/adminSettings',
  channels: '/channels',
  companies: '/companies',
  confirmationOrders: '/confirmationOrders',
  customers: '/customers',
  emailVerification: '/email-verification',
  helpdesk: '/helpdesk',
  hostedPages: '/hostedPages',
  hostedPagesSettings: '/hostedPagesSettings',
  inspire: '/inspire',
  integrationErrors: '/integrationErrors',
  integrations: '/integrations',
  invoices: '/invoices',
  login: '/login',
  loginAdmin: '/login-admin',
  notifications: '/notifications',
  orders: '/orders',
  products: '/products',
  registerAdmin: '/register-admin',
  restore: '/restore',
  roles: '/roles',
  rules: '/rules',
  settings: '/settings',
  stats: '/stats',
  stores: '/stores',
  transactionRecords: '/transactionRecords',
  users: '/users',

  // Static sub-paths
  hostedPagesError: '/hostedPages/error',
  hostedPagesRedirecting: '/hostedPages/redirecting',
  integrationsEtsy: '/integrations/etsy',
  invitationAccept: '/invitations/accept',
  passwordReset: '/password/reset',
  roleCreate: '/roles/create',
  ruleCreate: '/rules/create',
  storeCreate: '/stores/create',
  apiTransactionRecords: '/transactionRecords/apiTransactionRecords',
  ruleTransactionRecords: '/transactionRecords/rules',
  userCreate: '/users/create',
  userInvite: '/users/invite',

  // Authorisation and session
  authorizationPluginConnect: '/authorization/plugin/connect/:storeId?/:pluginId',
  authorizationPlugin: '/authorization/plugin/:slug',
  authorizationConnect: '/authorization/connect/:storeId?/:channelId',
  authorization: '/authorization/:slug',
  verifyEmail: '/auth/verify-email/:id?/:token',
  authCallback: '/auth/:provider?/callback',
  singleSignOn: '/ssoauth/:encryptedData',
  document: '/document/:version',
  channelMigrate: '/migrate/:storeId?/:channelId',

  // Per store or per item
  pluginOrderList: '/plugins/orders/:storeId',
  confirmationOrderList: '/confirmationOrders/:storeId',
  invoiceList: '/invoices/:storeId',
  orderList: '/orders/:storeId',
  customerList: '/customers/:storeId',
  productList: '/products/:storeId',
  storeDetail: '/stores/:storeId',
  roleDetail: '/roles/:roleId',
  ruleDetail: '/rules/:ruleId',
  userDetail: '/users/:userId',
  invoiceCreate: '/invoices/:storeId/create',
  productCreate: '/products/:storeId/create',
  confirmationOrderDetail: '/confirmationOrders/:storeId/:confirmationOrderId',
  customerDetail: '/customers/:storeId/:customerId',
  invoiceDetail: '/invoices/:storeId/:invoiceId',
  orderDetail: '/orders/:storeId/:orderId',
  productDetail: '/products/:storeId/:productId',

  // Store sub-screens
  webhookCreate: '/stores/:storeId/webhooks/create',
  webhookDetail: '/stores/:storeId/webhooks/:webhookId',
  accountingChannelCreate: '/stores/:storeId/accounting-channels/create/:channelType',
  accountingChannelDetail: '/stores/:storeId/accounting-channels/:channelId',
  channelCreate: '/stores/:storeId/channels/create/:channelType',
  channelDetail: '/stores/:storeId/channels/:channelId',
  pluginCreate: '/stores/:storeId/plugins/create/:pluginType',
  pluginDetail: '/stores/:storeId/plugins/:pluginId',
  channelCouriers: '/stores/:storeId/channels/:channelId?/couriers',
  channelCourierMapping: '/stores/:storeId/channels/:channelId?/couriers/mapping',
  // The spec hints at custom order status screens without a route; they sit under the channel.
  channelCustomStatuses: '/stores/:storeId/channels/:channelId/custom-statuses',
  // Pickup stores belong to a channel (their api is pickupStores/{storeId}/{channelId}/…), so
  // they sit under the channel like couriers, as the shell document's list reads.
  channelPickups: '/stores/:storeId/channels/:channelId?/pickups',
  channelPickupDetail: '/stores/:storeId/channels/:channelId?/pickups/:pickupId',
  channelPickupProductCreate: '/stores/:storeId/channels/:channelId?/pickups/:pickupId/create',
  channelPickupProductDetail: '/stores/:storeId/channels/:channelId?/pickups/:pickupId/:productId',
  // The spec's own table (integration-domain §2) names the store-level paths: they ask for the
  // channel first, then open the same screen under it.
  pickups: '/stores/:storeId/pickups',
  pickupDetail: '/stores/:storeId/pickups/:pickupId',
  pickupProductCreate: '/stores/:storeId/pickups/:pickupId/create',
  pickupProductDetail: '/stores/:storeId/pickups/:pickupId/:productId',
  channelProducts: '/stores/:storeId/channels/:channelId?/products',
  channelProductDetail: '/stores/:storeId/channels/:channelId?/products/:productId',
  pluginProducts: '/stores/:storeId/plugins/:pluginId?/products',
  pluginProductDetail: '/stores/:storeId/plugins/:pluginId?/products/:productId',

  // Transaction records (logs)
  apiTransactionRecordDetail: '/transactionRecords/apiTransactionRecords/:logId',
  ruleTransactionRecordDetail: '/transactionRecords/rules/:ruleEngineId',
  webhookTransactionRecords: '/transactionRecords/stores/:storeId?/webhooks',
  webhookTransactionRecordList: '/transactionRecords/stores/:storeId?/webhooks/:webhookId',
  channelTransactionRecords: '/transactionRecords/stores/:storeId?/channels/:channelId',
  pluginTransactionRecords: '/transactionRecords/stores/:storeId?/plugins/:pluginId',
  channelTransactionRecordDetail:
    '/transactionRecords/stores/:storeId?/channels/:channelId?/transactionRecords/:logId',
  pluginTransactionRecordDetail:
    '/transactionRecords/stores/:storeId?/plugins/:pluginId?/transactionRecords/:logId',

  // Hosted pages (reached with a token in the link, no sign-in)
  hostedPage: '/hostedPages/:token',
  hostedPageInstall: '/hostedPages/:token/install',
  hostedPageChannelCreate: '/hostedPages/:token/channels/create/:channelType',
  hostedPageChannelDetail: '/hostedPages/:token/channels/:channelId',
  hostedPageConnect: '/hostedPages/:token/connect/:storeId?/:channelId',
} as const;

export type RouteName = keyof typeof ROUTE_PATTERNS;

/** A path parameter value; ids are numbers, slugs and tokens strings. */
export type RouteParam = string | number;

type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<`/${Tail}`>
    : Rest
  : never;

/** `{ storeId: RouteParam, channelId?: RouteParam | null }` for a pattern. */
export type RouteParams<P extends string> = {
  [N in ParamNames<P> as N extends `${string}?` ? never : N]: RouteParam;
} & {
  [N in ParamNames<P> as N extends `${infer Name}?` ? Name : never]?: RouteParam | null;
};

/**
 * Fills a pattern. Optional parameters that are absent drop their segment; values are
 * URI-encoded so a hosted-page token or slug cannot break out of its segment.
 */
export function buildPath<P extends string>(pattern: P, params: RouteParams<P>): string {
  const values = params as Record<string, RouteParam | null | undefined>;
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      if (optional) return [];
      throw new Error(`Route ${pattern} needs ${name}`);
    }
    return [encodeURIComponent(String(value))];
  });
  return segments.join('/') || '/';
}

type Optional = RouteParam | null | undefined;
const p = ROUTE_PATTERNS;

/** Typed builders for the parameterised routes, in the order the parameters appear in the path. */
export const routes = {
  authorizationPluginConnect: (storeId: Optional, pluginId: RouteParam) =>
    buildPath(p.authorizationPluginConnect, { storeId, pluginId }),
  authorizationPlugin: (slug: string) => buildPath(p.authorizationPlugin, { slug }),
  authorizationConnect: (storeId: Optional, channelId: RouteParam) =>
    buildPath(p.authorizationConnect, { storeId, channelId }),
  authorization: (slug: string) => buildPath(p.authorization, { slug }),
  verifyEmail: (id: Optional, token: string) => buildPath(p.verifyEmail, { id, token }),
  authCallback: (provider?: string | null) => buildPath(p.authCallback, { provider }),
  singleSignOn: (encryptedData: string) => buildPath(p.singleSignOn, { encryptedData }),
  document: (version: RouteParam) => buildPath(p.document, { version }),
  channelMigrate: (storeId: Optional, channelId: RouteParam) =>
    buildPath(p.channelMigrate, { storeId, channelId }),

  pluginOrderList: (storeId: RouteParam) => buildPath(p.pluginOrderList, { storeId }),
  confirmationOrderList: (storeId: RouteParam) => buildPath(p.confirmationOrderList, { storeId }),
  invoiceList: (storeId: RouteParam) => buildPath(p.invoiceList, { storeId }),
  orderList: (storeId: RouteParam) => buildPath(p.orderList, { storeId }),
  customerList: (storeId: RouteParam) => buildPath(p.customerList, { storeId }),
  productList: (storeId: RouteParam) => buildPath(p.productList, { storeId }),
  storeDetail: (storeId: RouteParam) => buildPath(p.storeDetail, { storeId }),
  roleDetail: (roleId: RouteParam) => buildPath(p.roleDetail, { roleId }),
  ruleDetail: (ruleId: RouteParam) => buildPath(p.ruleDetail, { ruleId }),
  userDetail: (userId: RouteParam) => buildPath(p.userDetail, { userId }),
  invoiceCreate: (storeId: RouteParam) => buildPath(p.invoiceCreate, { storeId }),
  productCreate: (storeId: RouteParam) => buildPath(p.productCreate, { storeId }),
  confirmationOrderDetail: (storeId: RouteParam, confirmationOrderId: RouteParam) =>
    buildPath(p.confirmationOrderDetail, { storeId, confirmationOrderId }),
  customerDetail: (storeId: RouteParam, customerId: RouteParam) =>
    buildPath(p.customerDetail, { storeId, customerId }),
  invoiceDetail: (storeId: RouteParam, invoiceId: RouteParam) =>
    buildPath(p.invoiceDetail, { storeId, invoiceId }),
  orderDetail: (storeId: RouteParam, orderId: RouteParam) => buildPath(p.orderDetail, { storeId, orderId }),
  productDetail: (storeId: RouteParam, productId: RouteParam) =>
    buildPath(p.productDetail, { storeId, productId }),

  webhookCreate: (storeId: RouteParam) => buildPath(p.webhookCreate, { storeId }),
  webhookDetail: (storeId: RouteParam, webhookId: RouteParam) =>
    buildPath(p.webhookDetail, { storeId, webhookId }),
  accountingChannelCreate: (storeId: RouteParam, channelType: string) =>
    buildPath(p.accountingChannelCreate, { storeId, channelType }),
  accountingChannelDetail: (storeId: RouteParam, channelId: RouteParam) =>
    buildPath(p.accountingChannelDetail, { storeId, channelId }),
  channelCreate: (storeId: RouteParam, channelType: string) =>
    buildPath(p.channelCreate, { storeId, channelType }),
  channelDetail: (storeId: RouteParam, channelId: RouteParam) =>
    buildPath(p.channelDetail, { storeId, channelId }),
  pluginCreate: (storeId: RouteParam, pluginType: string) =>
    buildPath(p.pluginCreate, { storeId, pluginType }),
  pluginDetail: (storeId: RouteParam, pluginId: RouteParam) =>
    buildPath(p.pluginDetail, { storeId, pluginId }),
  channelCouriers: (storeId: RouteParam, channelId: Optional) =>
    buildPath(p.channelCouriers, { storeId, channelId }),
  channelCourierMapping: (storeId: RouteParam, channelId: Optional) =>
    buildPath(p.channelCourierMapping, { storeId, channelId }),
  channelCustomStatuses: (storeId: RouteParam, channelId: RouteParam) =>
    buildPath(p.channelCustomStatuses, { storeId, channelId }),
  channelPickups: (storeId: RouteParam, channelId: Optional) =>
    buildPath(p.channelPickups, { storeId, channelId }),
  channelPickupDetail: (storeId: RouteParam, channelId: Optional, pickupId: RouteParam) =>
    buildPath(p.channelPickupDetail, { storeId, channelId, pickupId }),
  channelPickupProductCreate: (storeId: RouteParam, channelId: Optional, pickupId: RouteParam) =>
    buildPath(p.channelPickupProductCreate, { storeId, channelId, pickupId }),
  channelPickupProductDetail: (
    storeId: RouteParam,
    channelId: Optional,
    pickupId: RouteParam,
    productId: RouteParam,
  ) => buildPath(p.channelPickupProductDetail, { storeId, channelId, pickupId, productId }),
  channelProducts: (storeId: RouteParam, channelId: Optional) =>
    buildPath(p.channelProducts, { storeId, channelId }),
  channelProductDetail: (storeId: RouteParam, channelId: Optional, productId: RouteParam) =>
    buildPath(p.channelProductDetail, { storeId, channelId, productId }),
  pluginProducts: (storeId: RouteParam, pluginId: Optional) =>
    buildPath(p.pluginProducts, { storeId, pluginId }),
  pluginProductDetail: (storeId: RouteParam, pluginId: Optional, productId: RouteParam) =>
    buildPath(p.pluginProductDetail, { storeId, pluginId, productId }),

  apiTransactionRecordDetail: (logId: RouteParam) => buildPath(p.apiTransactionRecordDetail, { logId }),
  ruleTransactionRecordDetail: (ruleEngineId: RouteParam) =>
    buildPath(p.ruleTransactionRecordDetail, { ruleEngineId }),
  webhookTransactionRecords: (storeId: Optional) => buildPath(p.webhookTransactionRecords, { storeId }),
  webhookTransactionRecordList: (storeId: Optional, webhookId: RouteParam) =>
    buildPath(p.webhookTransactionRecordList, { storeId, webhookId }),
  channelTransactionRecords: (storeId: Optional, channelId: RouteParam) =>
    buildPath(p.channelTransactionRecords, { storeId, channelId }),
  pluginTransactionRecords: (storeId: Optional, pluginId: RouteParam) =>
    buildPath(p.pluginTransactionRecords, { storeId, pluginId }),
  channelTransactionRecordDetail: (storeId: Optional, channelId: Optional, logId: RouteParam) =>
    buildPath(p.channelTransactionRecordDetail, { storeId, channelId, logId }),
  pluginTransactionRecordDetail: (storeId: Optional, pluginId: Optional, logId: RouteParam) =>
    buildPath(p.pluginTransactionRecordDetail, { storeId, pluginId, logId }),

  hostedPage: (token: string) => buildPath(p.hostedPage, { token }),
  hostedPageInstall: (token: string) => buildPath(p.hostedPageInstall, { token }),
  hostedPageChannelCreate: (token: string, channelType: string) =>
    buildPath(p.hostedPageChannelCreate, { token, channelType }),
  hostedPageChannelDetail: (token: string, channelId: RouteParam) =>
    buildPath(p.hostedPageChannelDetail, { token, channelId }),
  hostedPageConnect: (token: string, storeId: Optional, channelId: RouteParam) =>
    buildPath(p.hostedPageConnect, { token, storeId, channelId }),
} as const;

/** Who may see a navigation entry: holders of a scope, everyone signed in, or administrators only. */
export type NavigationAccess = PermissionName | 'everyone' | 'administrator';

export interface NavigationItem {
  key: string;
  label: string;
  path: string;
  access: NavigationAccess;
  /** Shown but disabled while the user has no stores (the screen needs one). */
  disabledWithoutStores: boolean;
}

/** The side navigation of platform-shell §2, in display order. */
export const SIDE_NAVIGATION: readonly NavigationItem[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    path: p.home,
    access: 'dashboard.read',
    disabledWithoutStores: false,
  },
  // The spec writes the products entry with a trailing slash.
  {
    key: 'products',
    label: 'Products',
    path: '/products/',
    access: 'products.read',
    disabledWithoutStores: true,
  },
  { key: 'orders', label: 'Orders', path: p.orders, access: 'orders.read', disabledWithoutStores: true },
  {
    key: 'confirmationOrders',
    label: 'Confirmation orders',
    path: p.confirmationOrders,
    access: 'orders.read',
    disabledWithoutStores: true,
  },
  { key: 'invoices', label: 'Invoices', path: p.invoices, access: 'everyone', disabledWithoutStores: true },
  {
    key: 'customers',
    label: 'Customers',
    path: p.customers,
    access: 'customers.read',
    disabledWithoutStores: true,
  },
  { key: 'stores', label: 'Stores', path: p.stores, access: 'stores.read', disabledWithoutStores: false },
  {
    key: 'channels',
    label: 'Channels',
    path: p.channels,
    access: 'channels.read',
    disabledWithoutStores: false,
  },
  { key: 'rules', label: 'Rules', path: p.rules, access: 'everyone', disabledWithoutStores: false },
  {
    key: 'transactionRecords',
    label: 'Transaction records',
    path: p.transactionRecords,
    access: 'logs.read',
    disabledWithoutStores: false,
  },
  { key: 'stats', label: 'Stats', path: p.stats, access: 'administrator', disabledWithoutStores: false },
];

export interface ExternalNavigationLink {
  key: 'userGuide' | 'helpdesk';
  label: string;
  /** Disabled when the user has no support_hash (the helpdesk link carries it). */
  requiresSupportHash: boolean;
}

/** External links under the side navigation; their addresses are deployment settings, not contracts. */
export const EXTERNAL_NAVIGATION_LINKS: readonly ExternalNavigationLink[] = [
  { key: 'userGuide', label: 'User Guide', requiresSupportHash: false },
  { key: 'helpdesk', label: 'Helpdesk', requiresSupportHash: true },
];

export interface AccountMenuItem {
  key: string;
  label: string;
  /** Absent for Logout, which is an action. */
  path?: string;
  access: NavigationAccess;
  /** Shows the count of new admin notifications. */
  badge?: boolean;
}

/** The top bar's account menu (platform-shell §2), in display order. */
export const ACCOUNT_MENU: readonly AccountMenuItem[] = [
  { key: 'companies', label: 'Companies', path: p.companies, access: 'everyone' },
  { key: 'users', label: 'Users', path: p.users, access: 'users.read' },
  { key: 'roles', label: 'Roles', path: p.roles, access: 'roles.read' },
  { key: 'notifications', label: 'Notifications', path: p.notifications, access: 'everyone' },
  { key: 'settings', label: 'Settings', path: p.settings, access: 'everyone' },
  { key: 'hostedPages', label: 'Hosted Pages', path: p.hostedPages, access: 'everyone' },
  { key: 'adminSettings', label: 'Admin Settings', path: p.adminSettings, access: 'administrator' },
  {
    key: 'adminNotifications',
    label: 'Admin Notifications',
    path: p.adminNotifications,
    access: 'administrator',
    badge: true,
  },
  { key: 'logout', label: 'Logout', access: 'everyone' },
];

// Spec §5: a relative path of letters, digits, `/` and `@ - % _ ~`, with optional query and hash.
// A leading `//` would be protocol-relative (another host), so the first segment must not be empty.
const SAFE_REDIRECT_PATH = /^\/(?!\/)[A-Za-z0-9@\-%_~/]*(\?[^\s#]*)?(#\S*)?$/;

/** Whether a remembered post-login target may be followed (guards against open redirects). */
export function isSafeRedirectPath(value: unknown): value is string {
  return typeof value === 'string' && SAFE_REDIRECT_PATH.test(value);
}
