import type { FileTransferSubject } from './transfers/transfer.dto';
import type { RuleRunDto } from './rules/rule.dto';
import type { PermissionName } from './permissions';

/**
 * The one typed map of Socket.IO events, shared by the server, the worker and the browser.
 * Events are small: they name what changed (ids), and screens refetch.
 */

/**
 * Rooms a socket joins from its token: its user, its company, each of its stores, admins (platform
 * operators only) and everyone (platform-wide announcements). Publishing always names rooms, so an
 * empty list can never turn into a broadcast.
 *
 * A company or store room also has one sub-room per permission an event may need
 * (`store:4:orders.read`): a socket joins those its role holds, and an event that needs a
 * permission is delivered to the sub-rooms, never to the plain room (see `deliveryRooms`).
 */
export type Room =
  | `company:${number}`
  | `store:${number}`
  | `company:${number}:${PermissionName}`
  | `store:${number}:${PermissionName}`
  | `user:${number}`
  | 'admins'
  | 'everyone';

export const rooms = {
  company: (id: number): Room => `company:${id}`,
  store: (id: number): Room => `store:${id}`,
  user: (id: number): Room => `user:${id}`,
  admins: 'admins' as Room,
  everyone: 'everyone' as Room,
} as const;

export interface SystemAnnouncementEvent {
  /** The announcement's id, so a page can drop a repeat. */
  id: number;
  message: string;
  /** ISO-8601 UTC time the job published it. */
  at: string;
}

export interface NotificationCreatedEvent {
  notificationId: number;
  level: number;
}

export interface LogCreatedEvent {
  logId: number;
  storeId: number;
  channelId?: number;
  pluginId?: number;
}

/** A channel's or plugin's health or sync lag changed (a run ended, a push queued or sent). */
export interface SyncChangedEvent {
  storeId: number;
  channelId: number;
}

export interface CompanySwitchedEvent {
  userId: number;
  companyId: number;
}

export interface SessionEndedEvent {
  userId: number;
}

/**
 * Stock figures changed in a store: the products whose quantity changed and every kit containing
 * them. Screens showing any of them refetch (their channel quantities follow from the stock rules).
 */
export interface StockChangedEvent {
  storeId: number;
  productIds: number[];
}

/** Orders of a store were imported, changed or failed (one event per import batch). */
export interface OrdersChangedEvent {
  storeId: number;
  orderIds: number[];
}

/** Products, kits or channel listings of a store were created, changed, matched or deleted. */
export interface CatalogueChangedEvent {
  storeId: number;
  /** 'products', 'channel_products' or 'plugin_products'. */
  subject: 'products' | 'channel_products' | 'plugin_products';
  /** Absent when too many changed to name (a bulk action or an import). */
  ids?: number[];
  channelId?: number;
  pluginId?: number;
}

/** Progress of an import or export, sent to the user who started it. */
export interface TransferProgressEvent {
  transferId: number;
  storeId: number;
  kind: 'import' | 'export';
  subject: FileTransferSubject;
  status: 'queued' | 'running' | 'done' | 'failed';
  rowsTotal: number | null;
  rowsDone: number;
  rowsFailed: number;
}

/**
 * Progress of a channel's product download (channels.get_products), sent to the store's room after
 * each stored page, while the channel prepares its export (`waiting`), and at the end.
 */
export interface ProductDownloadEvent {
  storeId: number;
  channelId: number;
  status: 'running' | 'waiting' | 'done' | 'failed';
  pages: number;
  listings: number;
  matched: number;
  newProducts: number;
}

/** Progress of a rules run over many orders (trigger-rules, backfill), sent to the store's room. */
export interface RuleRunEvent {
  storeId: number;
  run: RuleRunDto;
}

export interface ServerToClientEvents {
  'stock:changed': (event: StockChangedEvent) => void;
  'orders:changed': (event: OrdersChangedEvent) => void;
  'catalogue:changed': (event: CatalogueChangedEvent) => void;
  'transfer:progress': (event: TransferProgressEvent) => void;
  'system:announcement': (event: SystemAnnouncementEvent) => void;
  'notification:created': (event: NotificationCreatedEvent) => void;
  'log:created': (event: LogCreatedEvent) => void;
  'sync:changed': (event: SyncChangedEvent) => void;
  'company:switched': (event: CompanySwitchedEvent) => void;
  'session:ended': (event: SessionEndedEvent) => void;
  'rules:run': (event: RuleRunEvent) => void;
  'products:download': (event: ProductDownloadEvent) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- clients only listen for now
export interface ClientToServerEvents {}

export type RealtimeEventName = keyof ServerToClientEvents;

export type RealtimePayload<N extends RealtimeEventName> = Parameters<ServerToClientEvents[N]>[0];

/** What domain code hands to `publish`: which rooms get which event. */
export type RealtimeEvent = {
  [N in RealtimeEventName]: { name: N; rooms: Room[]; payload: RealtimePayload<N> };
}[RealtimeEventName];

export type Publish = (event: RealtimeEvent) => void;

/**
 * What a socket must hold to receive each event in a company or store room: the permission of the
 * REST list the event tells a page to refetch (any one of them when several lists show it), so a
 * live socket never learns more than the lists would answer: a `stores.read`-only member gets no
 * order volume or timing. `null`: addressed to one user, admins or everyone, nothing more needed.
 */
export const EVENT_PERMISSIONS: { readonly [N in RealtimeEventName]: readonly PermissionName[] | null } = {
  // GET orders/{storeId}
  'orders:changed': ['orders.read'],
  // GET logs/apiLogs, GET dashboard/logs
  'log:created': ['logs.read', 'dashboard.read'],
  // GET products/{storeId} and the channel and plugin product lists
  'stock:changed': ['products.read'],
  'catalogue:changed': ['products.read'],
  // GET stores/{storeId}/channels/{channelId}/sync, GET dashboard, a listing's stockPushes
  'sync:changed': ['channels.read', 'dashboard.read', 'products.read'],
  // GET rule-runs/{id}, GET logs/ruleEngineLogs
  'rules:run': ['orders.read', 'logs.read'],
  // The channel products list, GET stores/{storeId}/channels/{channelId}/products
  'products:download': ['products.read'],
  'transfer:progress': null,
  'system:announcement': null,
  'notification:created': null,
  'company:switched': null,
  'session:ended': null,
};

/** Every permission some event needs: the sub-rooms a company or store room has. */
export const EVENT_ROOM_PERMISSIONS: readonly PermissionName[] = [
  ...new Set(Object.values(EVENT_PERMISSIONS).flatMap((permissions) => permissions ?? [])),
];

const SCOPED_ROOM = /^(company|store):(\d+)$/;

/**
 * The rooms an event really goes to: for an event that needs a permission, each company or store
 * room becomes its sub-rooms of those permissions. Applied where events leave (the Socket.IO server
 * and the Redis emitter), so domain code keeps naming the plain room and cannot forget the check.
 */
export function deliveryRooms(event: Pick<RealtimeEvent, 'name' | 'rooms'>): Room[] {
  const needed = EVENT_PERMISSIONS[event.name];
  if (!needed) return event.rooms;
  return event.rooms.flatMap((room) =>
    SCOPED_ROOM.test(room) ? needed.map((permission) => `${room}:${permission}` as Room) : [room],
  );
}

/** A company or store room and the sub-rooms of the event permissions its holder has. */
export function roomsWithin(
  room: `company:${number}` | `store:${number}`,
  held: ReadonlySet<string>,
): Room[] {
  return [
    room,
    ...EVENT_ROOM_PERMISSIONS.filter((permission) => held.has(permission)).map(
      (permission) => `${room}:${permission}` as Room,
    ),
  ];
}
