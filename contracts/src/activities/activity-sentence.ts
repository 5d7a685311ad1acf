import type { ActivityDto } from '../identity/activity.dto';
import { IP_WHITELIST_STATUS } from '../ip-whitelist/ip-whitelist.status';
import { PERMISSION_GROUPS } from '../permissions';
import { PICKUP_PRODUCT_STATUS } from '../pickups/pickup.status';
import { PLUGIN_SYNC_STATUS } from '../products/product.status';
import { WEBHOOK_STATUS } from '../webhooks/webhook.status';
import { DEFAULT_CURRENCY } from '../constants';
import { FULFILMENT_STATUS, ORDER_STATUS, ORDER_SYNC_STATUS, PAYMENT } from '../orders/order.status';
import { RETURN_REASON_DECISION } from '../orders/return.status';
import { INVOICE_STATUS } from '../invoices/invoice.dto';
import { INVOICE_SYNC_STATUS } from '../invoices/invoice.status';
import {
  ACKNOWLEDGE_SYNC_STATUS,
  PURCHASE_ORDER_STATUS,
} from '../confirmation-orders/confirmation-order.status';
import { formatActivityDate, formatActivityMoney, type MoneyFormatter } from './activity-format';

/**
 * Settings › Activity in words: one sentence per recorded event, with the changed fields named as
 * a person calls them ('Olivia Owner changed Uma User's role from Manager to Packer.'). Pure, so
 * the browser renders it and tests read it without a screen.
 *
 * The api records `old`/`new` as it sees fit per subject (`api/src/modules/<domain>` services): a
 * whole snapshot on create and delete, only the changed fields on update. An update that renames
 * nothing therefore doesn't carry the subject's name; the caller may pass it in the context.
 * Unknown subjects, fields and events still read as a sentence, built from their keys.
 */
export type ActivitySentenceInput = Pick<
  ActivityDto,
  'source' | 'source_name' | 'event' | 'subject_type' | 'subject_id' | 'old' | 'new'
>;

export interface ActivitySentenceContext {
  /** The subject's current name, for records that don't carry it (an update that renames nothing). */
  subjectName?: string | null;
  /** A store's name by id, for recorded store ids (a channel moved to another store). */
  storeName?: (storeId: number) => string | undefined;
  /**
   * The currency of recorded amounts that don't carry their own (`currency` in the record wins);
   * GBP when neither says.
   */
  currency?: string | null;
  /** How money reads (the browser passes its locale's `formatMoney`); en-GB with 2 decimals by default. */
  formatMoney?: MoneyFormatter;
}

type Values = Readonly<Record<string, unknown>>;

/** A part of the sentence after its actor; consecutive changes share one 'changed'. */
type Clause = { change: string } | { text: string };

const PLAN_PHRASES: Readonly<Record<string, (company: string) => string>> = {
  force_plan: (company) => `gave ${company} the forced plan`,
  free_plan: (company) => `moved ${company} to the free plan`,
  trial_plan: (company) => `started a new trial for ${company}`,
  create_account: (company) => `opened an account with a trial for ${company}`,
};

// 'Orders: update', as the role editor's row and column read; the extras are whole phrases.
const PERMISSION_LABELS: ReadonlyMap<string, string> = new Map(
  PERMISSION_GROUPS.flatMap((group) =>
    group.permissions.map((permission) => [
      permission.name,
      group.key === 'extra' ? permission.label : `${group.label}: ${permission.label.toLowerCase()}`,
    ]),
  ),
);
const PERMISSION_ORDER: readonly string[] = [...PERMISSION_LABELS.keys()];

/** 'Orders: update', 'Data protection'; an unknown name reads as its words. */
export function permissionLabel(name: string): string {
  return PERMISSION_LABELS.get(name) ?? humanize(name);
}

/** In the role editor's order, so a sentence lists them as the screen does. */
function permissionList(names: readonly string[]): string {
  const rank = (name: string) => {
    const index = PERMISSION_ORDER.indexOf(name);
    return index === -1 ? PERMISSION_ORDER.length : index;
  };
  return [...names]
    .sort((a, b) => rank(a) - rank(b))
    .map(permissionLabel)
    .join(', ');
}

/**
 * How the sentence names its subject: in full the first time ('the role Packers', 'Uma User'),
 * then by pronoun ('it', 'its', 'their').
 */
class Mention {
  private mentioned = false;

  constructor(
    private readonly full: string,
    private readonly person: boolean,
    /** The subject is the actor: 'changed their password'. */
    private readonly self: boolean,
  ) {}

  /** 'the role Packers', then 'it'. */
  object(): string {
    if (this.self) return 'themselves';
    if (this.mentioned) return this.person ? 'them' : 'it';
    this.mentioned = true;
    return this.full;
  }

  /** "Uma User's role" or 'the URL of the webhook Orders', then 'their role' or 'its URL'. */
  of(label: string): string {
    if (this.self || this.mentioned) return `${this.person ? 'their' : 'its'} ${label}`;
    this.mentioned = true;
    return this.person ? `${possessive(this.full)} ${label}` : `the ${label} of ${this.full}`;
  }
}

interface FieldDefinition {
  /** What a person calls the field. */
  label: string;
  /** Bookkeeping a person can't read (the channel a row hangs under): left out. */
  hidden?: boolean;
  /** How a recorded value reads: a status number as its label, a store id as its name. */
  format?: (value: unknown, context: ActivitySentenceContext) => string;
  /** The whole change in words, instead of 'changed its X from A to B'. */
  describe?: (before: unknown, after: unknown, subject: Mention) => Clause[];
}

interface SubjectDefinition {
  noun: string;
  /** Named without an article, 'their' rather than 'its'. */
  person?: boolean;
  /** The recorded values naming the subject, first non-empty wins; `name` unless said. */
  nameKeys?: readonly string[];
  /** 'the role Packers' unless said ('the invitation for new@acme.test'). */
  refer?: (name: string) => string;
  fields?: Readonly<Record<string, FieldDefinition>>;
  /** 'created' unless said: a channel is 'added' (it already exists at its provider). */
  createdVerb?: string;
  /**
   * Records the system makes name who it acted for (an import names its channel, 'Acme Shopify'):
   * that name is the actor rather than 'The system'.
   */
  systemActorByName?: boolean;
}

const activeField: FieldDefinition = {
  label: 'status',
  describe: (_before, after, subject) => [
    { text: `${after ? 'activated' : 'deactivated'} ${subject.object()}` },
  ],
};

const storeField: FieldDefinition = {
  label: 'store',
  format: (value, context) =>
    typeof value === 'number' ? (context.storeName?.(value) ?? `store #${value}`) : formatValue(value),
};

/** A purchase order item's acknowledgement, as the acknowledgement screen names it. */
const ACKNOWLEDGEMENT_FIELDS: Readonly<Record<string, FieldDefinition>> = {
  accepted_quantity: { label: 'accepted quantity' },
  backordered_quantity: { label: 'backordered quantity' },
  rejected_quantity: { label: 'rejected quantity' },
  rejected_reason: {
    label: 'rejection reason',
    format: (value) => vocabularyLabel(RETURN_REASON_DECISION, value),
  },
  scheduled_ship_date: {
    label: 'scheduled ship date',
    format: (value) => formatActivityDate(value) ?? formatValue(value),
  },
  scheduled_delivery_date: {
    label: 'scheduled delivery date',
    format: (value) => formatActivityDate(value) ?? formatValue(value),
  },
};

/** Fields every subject may record; a subject's own definitions win. */
const COMMON_FIELDS: Readonly<Record<string, FieldDefinition>> = {
  name: { label: 'name' },
  email: { label: 'e-mail address' },
  phone: { label: 'phone number' },
  role: { label: 'role' },
  is_active: activeField,
  store_id: storeField,
  channel_id: { label: 'channel', hidden: true },
  url: { label: 'URL' },
};

const SUBJECTS: Readonly<Record<string, SubjectDefinition>> = {
  user: {
    noun: 'user',
    person: true,
    fields: { email_verified: { label: 'e-mail verification' }, store: { label: 'store' } },
  },
  user_token: { noun: 'API token' },
  role: {
    noun: 'role',
    fields: {
      permissions: {
        label: 'permissions',
        describe: (before, after, subject) => {
          const was = stringsOf(before);
          const now = stringsOf(after);
          const given = now.filter((name) => !was.includes(name));
          const taken = was.filter((name) => !now.includes(name));
          const clauses: Clause[] = [];
          if (given.length > 0) {
            const object = subject.object();
            clauses.push({
              text:
                object === 'it'
                  ? `gave it ${permissionList(given)}`
                  : `gave ${object} the permissions ${permissionList(given)}`,
            });
          }
          if (taken.length > 0) {
            const object = subject.object();
            clauses.push({
              text:
                object === 'it'
                  ? `took away ${permissionList(taken)}`
                  : `took the permissions ${permissionList(taken)} away from ${object}`,
            });
          }
          return clauses;
        },
      },
      is_default: {
        label: 'default role',
        describe: (_before, after, subject) => [
          { text: `made ${subject.object()} ${after ? 'the default role' : 'no longer the default role'}` },
        ],
      },
    },
  },
  company: { noun: 'company', fields: { creation_source: { label: 'origin' } } },
  store: { noun: 'store', fields: { storeNotifications: { label: 'notification e-mails' } } },
  invitation: {
    noun: 'invitation',
    nameKeys: ['email'],
    refer: (email) => `the invitation for ${email}`,
  },
  ip_whitelist: {
    noun: 'IP whitelist entry',
    nameKeys: ['ip_address'],
    fields: {
      ip_address: { label: 'IP address' },
      status: { label: 'status', format: (value) => vocabularyLabel(IP_WHITELIST_STATUS, value) },
      company_role_id: {
        label: 'role',
        format: (value) => (typeof value === 'number' ? `role #${value}` : 'the whole company'),
      },
    },
  },
  channel: channelSubject('channel'),
  accounting_channel: channelSubject('accounting channel'),
  plugin: channelSubject('plugin'),
  webhook: {
    noun: 'webhook',
    fields: {
      event: { label: 'event' },
      method: { label: 'method' },
      requires_auth: { label: 'authentication' },
      auth_header_name: { label: 'authentication header' },
      has_auth_secret: { label: 'authentication secret' },
      auth_secret_replaced: {
        label: 'authentication secret',
        describe: (_before, _after, subject) => [{ text: `replaced ${subject.of('authentication secret')}` }],
      },
    },
  },
  custom_order_status: {
    noun: 'custom order status',
    nameKeys: ['custom_status', 'friendly_status'],
    fields: { custom_status: { label: 'status' }, friendly_status: { label: 'friendly name' } },
  },
  channel_courier: {
    noun: 'courier',
    nameKeys: ['custom_name', 'name'],
    fields: {
      courier_id: { label: 'carrier', format: (value) => `#${formatValue(value)}` },
      custom_name: { label: 'custom name' },
    },
  },
  courier_mapping: {
    noun: 'courier mapping',
    nameKeys: ['shipping_method'],
    refer: (method) => `the courier mapping for ${method}`,
    fields: {
      shipping_method: { label: 'shipping method' },
      channel_courier_id: { label: 'courier', format: (value) => `#${formatValue(value)}` },
      service_code: { label: 'service code' },
    },
  },
  pickup_store: {
    noun: 'pickup store',
    fields: {
      address_line1: { label: 'address' },
      address_line2: { label: 'second address line' },
      city: { label: 'city' },
      postcode: { label: 'postcode' },
      country_code: { label: 'country' },
    },
  },
  pickup_product: {
    noun: 'pickup product',
    nameKeys: ['product_sku', 'title'],
    fields: {
      pickup_store_id: { label: 'pickup store', hidden: true },
      product_sku: { label: 'SKU' },
      title: { label: 'title' },
      quantity: { label: 'quantity' },
      pickup_status: {
        label: 'pickup status',
        format: (value) => vocabularyLabel(PICKUP_PRODUCT_STATUS, value),
      },
    },
  },
  order: {
    noun: 'order',
    nameKeys: ['order_number'],
    systemActorByName: true,
    fields: {
      order_number: { label: 'order number' },
      status: { label: 'status', format: (value) => vocabularyLabel(ORDER_STATUS, value) },
      sync_status: { label: 'sync status', format: (value) => vocabularyLabel(ORDER_SYNC_STATUS, value) },
      payment_status: { label: 'payment status', format: (value) => vocabularyLabel(PAYMENT, value) },
      fulfillment_status: {
        label: 'fulfilment status',
        format: (value) => vocabularyLabel(FULFILMENT_STATUS, value),
      },
      plugin_sync_status: {
        label: 'plugin sync status',
        format: (value) => vocabularyLabel(PLUGIN_SYNC_STATUS, value),
      },
      pickup_status: {
        label: 'pickup status',
        format: (value) => vocabularyLabel(PICKUP_PRODUCT_STATUS, value),
      },
      currency: { label: 'currency' },
      total: moneyField('total'),
      subtotal: moneyField('subtotal'),
      shipping_total: moneyField('shipping'),
      tax_total: moneyField('tax'),
      discount_total: moneyField('discount'),
      order_date: dateField('order date'),
      customer_name: { label: 'customer name' },
      customer_email: { label: 'customer e-mail address' },
      customer_phone: { label: 'customer phone number' },
      shipping_address: { label: 'shipping address', format: addressText },
      invoice_address: { label: 'billing address', format: addressText },
      shipping_method: { label: 'shipping method' },
      tags: { label: 'tags' },
      order_type: { label: 'order type' },
      failure_reason: { label: 'failure reason' },
      lines: {
        label: 'lines',
        describe: (before, after, subject) => [
          { change: `${subject.of('lines')} from ${linesText(before)} to ${linesText(after)}` },
        ],
      },
    },
  },
  invoice: {
    noun: 'invoice',
    nameKeys: ['invoice_number'],
    fields: {
      invoice_number: { label: 'invoice number' },
      channel: { label: 'accounting channel' },
      invoice_date: dateField('invoice date'),
      status: { label: 'status', format: (value) => vocabularyLabel(INVOICE_STATUS, value) },
      sync_status: { label: 'sync status', format: (value) => vocabularyLabel(INVOICE_SYNC_STATUS, value) },
      currency: { label: 'currency' },
      total: moneyField('total'),
      subtotal: moneyField('subtotal'),
      tax_total: moneyField('tax'),
      discount_total: moneyField('discount'),
      lines: { label: 'number of lines' },
      customer_name: { label: 'customer' },
      customer_email: { label: 'customer e-mail address' },
      order_reference: { label: 'order reference' },
    },
  },
  confirmation_order: {
    noun: 'purchase order',
    nameKeys: ['purchase_order_number'],
    fields: {
      purchase_order_number: { label: 'purchase order number' },
      status: { label: 'status', format: (value) => vocabularyLabel(PURCHASE_ORDER_STATUS, value) },
      order_date: dateField('order date'),
      acknowledge_by: dateField('acknowledgement deadline'),
      ship_window_start: dateField('ship window start'),
      ship_window_end: dateField('ship window end'),
      buyer_party_id: { label: 'buyer' },
      ship_to_party_id: { label: 'ship-to location' },
      selling_party_id: { label: 'vendor code' },
      currency: { label: 'currency' },
      seller_note: { label: 'note' },
      acknowledge_sync_status: {
        label: 'acknowledgement status',
        format: (value) => vocabularyLabel(ACKNOWLEDGE_SYNC_STATUS, value),
      },
      acknowledge_error: { label: "channel's error" },
      items: {
        label: 'items',
        describe: (_before, _after, subject) => [{ text: `changed ${subject.of('items')}` }],
      },
      item_sequence_number: { label: 'item', hidden: true },
      sku: { label: 'SKU', hidden: true },
      ...ACKNOWLEDGEMENT_FIELDS,
    },
  },
};

function moneyField(label: string): FieldDefinition {
  return { label, format: (value, context) => money(value, context) };
}

function dateField(label: string): FieldDefinition {
  return { label, format: (value) => formatActivityDate(value) ?? formatValue(value) };
}

function channelSubject(noun: string): SubjectDefinition {
  return {
    noun,
    nameKeys: ['name', 'type'],
    createdVerb: 'added',
    fields: {
      account_nominal_code: { label: 'account nominal code' },
      api_version: { label: 'API version' },
      is_default: { label: `default ${noun}` },
      credentials_changed: {
        label: 'credentials',
        describe: (_before, after, subject) => [
          { text: `replaced ${subject.of('credentials')} (${stringsOf(after).map(humanize).join(', ')})` },
        ],
      },
    },
  };
}

/** What an event's sentence is built from. */
interface EventParts {
  actor: string;
  subject: Mention;
  /** The subject's name, or null when neither the record nor the context has it. */
  name: string | null;
  /** The subject is the actor ('changed their phone number'). */
  self: boolean;
  before: Values;
  after: Values;
  definition: SubjectDefinition;
  context: ActivitySentenceContext;
  activity: ActivitySentenceInput;
}

/** Sentences (without the full stop) of events that say more than created/updated/deleted. */
const EVENTS: Readonly<Record<string, (parts: EventParts) => string>> = {
  'user.created': ({ actor, after }) =>
    `${actor} added ${text(after.name) ?? 'a user'}${parenthesised(after.email)}${prefixed(' as ', after.role)}`,
  'user.deleted': ({ actor, subject, before }) =>
    `${actor} removed ${subject.object()}${parenthesised(before.email)} from the company`,
  'user.verified': ({ actor, subject }) => `${actor} verified ${subject.of('e-mail address')}`,
  // Only ever the signed-in user's own password (Settings › Password).
  'user.password_changed': ({ actor }) => `${actor} changed their password`,
  'user.password_reset': ({ name, activity }) =>
    name
      ? `${name} reset their password with an e-mailed link`
      : `The password of user #${activity.subject_id ?? '?'} was reset with an e-mailed link`,
  'role.created': ({ actor, subject, after }) => {
    const permissions = stringsOf(after.permissions);
    return (
      `${actor} created ${subject.object()}` +
      (permissions.length > 0 ? ` with ${permissionList(permissions)}` : '') +
      (after.is_default === true ? ' and made it the default role' : '')
    );
  },
  'invitation.created': ({ actor, after }) =>
    `${actor} invited ${text(after.email) ?? 'someone'}${prefixed(' as ', after.role)}`,
  'invitation.deleted': ({ actor, subject }) => `${actor} withdrew ${subject.object()}`,
  'invitation.accepted': ({ after }) =>
    `${text(after.email) ?? 'Someone'} accepted the invitation${prefixed(' and joined as ', after.role)}`,
  'company.registered': ({ actor, after, subject }) =>
    `${text(after.owner) ?? actor} registered ${text(after.company) ? `the company ${text(after.company)}` : subject.object()}`,
  'company.plan_changed': ({ actor, subject, after }) => {
    const phrase = PLAN_PHRASES[text(after.action) ?? ''];
    return phrase ? `${actor} ${phrase(subject.object())}` : `${actor} changed ${subject.of('plan')}`;
  },
  'company.dhl_changes_pushed': ({ actor, subject, after }) => {
    const updated = typeof after.updated === 'number' ? after.updated : null;
    return (
      `${actor} pushed DHL changes to ${subject.object()}` +
      (updated === null ? '' : `: ${updated} ${updated === 1 ? 'courier' : 'couriers'} updated`)
    );
  },
  'store.shared': ({ actor, subject, after }) =>
    `${actor} shared ${subject.object()} with ${companyNamed(after.company)}`,
  'store.unshared': ({ actor, subject, before }) =>
    `${actor} stopped sharing ${subject.object()} with ${companyNamed(before.company)}`,
  'ip_whitelist.created': ({ actor, after }) =>
    `${actor} added ${text(after.ip_address) ?? 'an address'} to the IP whitelist` +
    (after.status === undefined ? '' : ` as ${vocabularyLabel(IP_WHITELIST_STATUS, after.status)}`) +
    (typeof after.company_role_id === 'number' ? ` for role #${after.company_role_id}` : ''),
  'ip_whitelist.deleted': ({ actor, before }) =>
    `${actor} removed ${text(before.ip_address) ?? 'an address'} from the IP whitelist`,
  'channel.authorized': ({ subject, after }) =>
    `${capitalised(subject.object())} was authorized with its provider` +
    (after.guest === true ? ' through a hosted-page link' : ''),
  'order.created': ({ actor, subject, after, context }) => {
    const details = [
      after.status === undefined || after.status === null
        ? null
        : vocabularyLabel(ORDER_STATUS, after.status),
      isBlank(after.total) ? null : money(after.total, context),
    ].filter((part): part is string => part !== null);
    return `${actor} imported ${subject.object()}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
  },
  'order.updated': (parts) =>
    Object.keys(parts.after).length === 0 && Object.keys(parts.before).length === 0
      ? `${parts.actor} imported ${parts.subject.object()} again`
      : updatedSentence(parts),
  'order.plugin_sync_status_updated': ({ actor, subject, before, after }) => {
    // One plugin named (`{ plugin, plugin_sync_status }`), or the resend calls' list of plugins.
    const was = pluginStates(before);
    const now = pluginStates(after);
    if (now.length > 0 && now.every((state) => state.status === 0)) {
      const plugins = now.map((state) => state.plugin).filter((name): name is string => name !== null);
      return `${actor} resent ${subject.object()} to ${plugins.length > 0 ? joinWithAnd(plugins) : 'its plugin'}`;
    }
    const changes = now.map((state, index) => {
      const from = was.find((entry) => entry.plugin === state.plugin) ?? was[index];
      const at = state.plugin ? `at ${state.plugin} ` : '';
      return from
        ? `${at}from ${vocabularyLabel(PLUGIN_SYNC_STATUS, from.status)} to ${vocabularyLabel(PLUGIN_SYNC_STATUS, state.status)}`
        : `${at}to ${vocabularyLabel(PLUGIN_SYNC_STATUS, state.status)}`;
    });
    return changes.length > 0
      ? `${actor} changed the sync status of ${subject.object()} ${joinWithAnd(changes)}`
      : `${actor} changed the plugin sync status of ${subject.object()}`;
  },
  'order.webhook_status_updated': ({ actor, subject, before, after }) =>
    `${actor} ${after.webhook_status === 0 ? 'set' : 'marked'} ${subject.object()} as ` +
    `${vocabularyLabel(WEBHOOK_STATUS, after.webhook_status).toLowerCase()}` +
    prefixed(' for the webhook ', after.webhook ?? before.webhook) +
    (before.webhook_status === undefined
      ? ''
      : ` (was ${vocabularyLabel(WEBHOOK_STATUS, before.webhook_status).toLowerCase()})`),
  'order.excluded_resent': ({ actor, subject, after }) =>
    `${actor} resent the excluded ${subject.object().replace(/^the /, '')}` +
    (after.force_resend === true ? ', to every plugin and webhook again' : ''),
  'order.fulfilment_created': ({ actor, subject, after }) => {
    const lines = Array.isArray(after.lines) && after.lines.length > 0 ? ` ${linesText(after.lines)} of` : '';
    return (
      `${actor} fulfilled${lines} ${subject.object()}` +
      prefixed(' with ', after.courier) +
      prefixed(', tracking code ', after.shipping_tracking_code)
    );
  },
  'order.fulfilment_resent': ({ actor, subject }) =>
    `${actor} sent a failed fulfilment of ${subject.object()} again`,
  'order.import_failed': ({ actor, subject, after }) =>
    `${actor} could not import ${subject.object()}${text(after.reason) ? `: ${text(after.reason)}` : ''}`,
  'invoice.created': ({ actor, subject, after, context }) =>
    `${actor} created ${subject.object()}` +
    prefixed(' in ', after.channel) +
    (isBlank(after.total) ? '' : ` for ${money(after.total, context)}`) +
    (typeof after.lines === 'number' ? ` (${after.lines} ${after.lines === 1 ? 'line' : 'lines'})` : ''),
  'confirmation_order.received': ({ subject, after }) =>
    `${capitalised(subject.object())} was received from the retailer` +
    (formatActivityDate(after.acknowledge_by)
      ? `, to be acknowledged by ${formatActivityDate(after.acknowledge_by)}`
      : ''),
  'confirmation_order.received_update': (parts) => updatedSentence({ ...parts, actor: 'The retailer' }),
  'confirmation_order.item_updated': ({ actor, subject, before, after, context }) => {
    const sequence = text(after.item_sequence_number) ?? text(before.item_sequence_number);
    const sku = text(after.sku) ?? text(before.sku);
    const item = `item ${sequence ?? '?'}${sku ? ` (${sku})` : ''} of ${subject.object()}`;
    const changes: string[] = [];
    for (const key of Object.keys(ACKNOWLEDGEMENT_FIELDS)) {
      if (!(key in after) && !(key in before)) continue;
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
      const field = ACKNOWLEDGEMENT_FIELDS[key]!;
      const format = (value: unknown) => (field.format ?? formatValue)(value, context);
      changes.push(
        isBlank(after[key])
          ? `cleared the ${field.label}`
          : isBlank(before[key])
            ? `set the ${field.label} to ${format(after[key])}`
            : `changed the ${field.label} from ${format(before[key])} to ${format(after[key])}`,
      );
    }
    return changes.length > 0 ? `${actor} ${joinWithAnd(changes)} on ${item}` : `${actor} updated ${item}`;
  },
  'confirmation_order.acknowledgement_submitted': ({ actor, subject, after }) => {
    const items = Array.isArray(after.items) ? (after.items as Values[]) : [];
    const total = (key: string) =>
      items.reduce((sum, item) => sum + (typeof item[key] === 'number' ? (item[key] as number) : 0), 0);
    return (
      `${actor} submitted the acknowledgement of ${subject.object()}` +
      (items.length > 0
        ? `: ${total('accepted_quantity')} accepted, ${total('backordered_quantity')} backordered, ${total('rejected_quantity')} rejected`
        : '')
    );
  },
  'confirmation_order.acknowledge_synced': ({ subject, after }) =>
    after.acknowledge_sync_status === 'success'
      ? `The channel accepted the acknowledgement of ${subject.object()}`
      : after.acknowledge_sync_status === 'failed'
        ? `The channel refused the acknowledgement of ${subject.object()}${text(after.acknowledge_error) ? `: ${text(after.acknowledge_error)}` : ''}`
        : `The acknowledgement of ${subject.object()} is now ${vocabularyLabel(ACKNOWLEDGE_SYNC_STATUS, after.acknowledge_sync_status).toLowerCase()}`,
  'pickup_product.deleted_all': ({ actor, subject, before }) =>
    `${actor} removed all ${typeof before.products === 'number' ? `${before.products} ` : ''}products from ${subject.object()}`,
};

/** Verbs any subject may record, by the part of the event after its subject. */
const VERBS: Readonly<Record<string, (parts: EventParts) => string>> = {
  created: ({ actor, subject, definition }) =>
    `${actor} ${definition.createdVerb ?? 'created'} ${subject.object()}`,
  updated: updatedSentence,
  deleted: ({ actor, subject }) => `${actor} deleted ${subject.object()}`,
  activated: ({ actor, subject }) => `${actor} activated ${subject.object()}`,
  deactivated: ({ actor, subject }) => `${actor} deactivated ${subject.object()}`,
  status_updated: updatedSentence,
  sync_status_updated: updatedSentence,
  plugin_sync_status_updated: updatedSentence,
  pickup_status_updated: updatedSentence,
  notifications_updated: updatedSentence,
  migrated: updatedSentence,
  default_changed: ({ actor, subject, after, definition }) =>
    `${actor} made ${subject.object()} ${after.is_default ? 'the' : 'no longer the'} default ${definition.noun}`,
};

function updatedSentence(parts: EventParts): string {
  const { actor, before, after, definition, context, activity, self } = parts;
  const clauses: Clause[] = [];
  const nameKey = (definition.nameKeys ?? ['name'])[0] ?? 'name';
  const oldName = text(before[nameKey]);
  const newName = text(after[nameKey]);
  const nameChanged = oldName !== null && newName !== null && oldName !== newName;
  // Named as it was when the change began: 'renamed the role Packers to Warehouse'.
  const subject = nameChanged ? mentionOf(definition, oldName, activity, self) : parts.subject;
  // Things are renamed; people change their name, like any other field.
  const renamed = nameChanged && !definition.person;
  if (renamed) clauses.push({ text: `renamed ${subject.object()} to ${newName}` });
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    if (renamed && key === nameKey) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    clauses.push(...fieldChange(fieldOf(definition, key), before[key], after[key], subject, context));
  }
  return clauses.length > 0 ? `${actor} ${joinClauses(clauses)}` : `${actor} updated ${subject.object()}`;
}

function fieldChange(
  field: FieldDefinition,
  before: unknown,
  after: unknown,
  subject: Mention,
  context: ActivitySentenceContext,
): Clause[] {
  if (field.hidden) return [];
  if (field.describe) return field.describe(before, after, subject);
  if (Array.isArray(before) || Array.isArray(after)) {
    const was = stringsOf(before);
    const now = stringsOf(after);
    const added = now.filter((item) => !was.includes(item));
    const removed = was.filter((item) => !now.includes(item));
    const clauses: Clause[] = [];
    if (added.length > 0) clauses.push({ text: `added ${added.join(', ')} to ${subject.of(field.label)}` });
    if (removed.length > 0)
      clauses.push({ text: `removed ${removed.join(', ')} from ${subject.of(field.label)}` });
    return clauses;
  }
  if (typeof after === 'boolean') {
    return [{ text: `turned ${after ? 'on' : 'off'} ${subject.of(field.label)}` }];
  }
  const format = (value: unknown) => (field.format ?? formatValue)(value, context);
  if (isBlank(before)) return [{ text: `set ${subject.of(field.label)} to ${format(after)}` }];
  if (isBlank(after)) return [{ text: `cleared ${subject.of(field.label)}` }];
  return [{ change: `${subject.of(field.label)} from ${format(before)} to ${format(after)}` }];
}

function fieldOf(definition: SubjectDefinition, key: string): FieldDefinition {
  return definition.fields?.[key] ?? COMMON_FIELDS[key] ?? { label: humanize(key) };
}

function mentionOf(
  definition: SubjectDefinition,
  name: string | null,
  activity: ActivitySentenceInput,
  self: boolean,
): Mention {
  const id = activity.subject_id;
  let full: string;
  if (name !== null)
    full = definition.person ? name : (definition.refer ?? ((n) => `the ${definition.noun} ${n}`))(name);
  else if (id !== null)
    full = definition.person ? `${definition.noun} #${id}` : `the ${definition.noun} #${id}`;
  else full = `${/^[aeiou]/i.test(definition.noun) ? 'an' : 'a'} ${definition.noun}`;
  return new Mention(full, definition.person === true, self);
}

/** The sentence for one activity record, ending in a full stop. */
export function activitySentence(
  activity: ActivitySentenceInput,
  context: ActivitySentenceContext = {},
): string {
  const before: Values = activity.old ?? {};
  const after: Values = activity.new ?? {};
  const [, ...rest] = activity.event.split('.');
  const verb = rest.join('.');
  const definition = SUBJECTS[activity.subject_type] ?? { noun: humanize(activity.subject_type) };
  const systemName = definition.systemActorByName ? activity.source_name.trim() : '';
  const actor =
    activity.source === 'system'
      ? systemName && systemName.toLowerCase() !== 'system'
        ? systemName
        : 'The system'
      : activity.source_name.trim() || 'Someone';
  // Amounts read in the record's own currency, else the caller's, else GBP.
  const currency =
    text(after.currency) ?? text(before.currency) ?? text(context.currency) ?? DEFAULT_CURRENCY;
  context = { ...context, currency };
  const nameKeys = definition.nameKeys ?? ['name'];
  const nameIn = (values: Values) => nameKeys.map((key) => text(values[key])).find((found) => found !== null);
  const name = nameIn(after) ?? nameIn(before) ?? text(context.subjectName);
  // A person changing their own record ('changed their phone number') is told apart by name: the
  // record has no actor id, and two people of one name in one sentence read the same either way.
  const self =
    definition.person === true &&
    activity.source !== 'system' &&
    [nameIn(before), nameIn(after), name].includes(activity.source_name);
  const parts: EventParts = {
    actor,
    subject: mentionOf(definition, name, activity, self),
    name,
    self,
    before,
    after,
    definition,
    context,
    activity,
  };
  const build = EVENTS[activity.event] ?? VERBS[verb] ?? unknownEventSentence;
  // Each builder starts with a name or a capital itself: an e-mail address keeps its case.
  return `${build(parts)}.`;
}

function unknownEventSentence({ actor, subject, activity }: EventParts): string {
  const verb = activity.event.split('.').slice(1).join(' ') || activity.event;
  // 'shipped' reads as a verb; 'price_changed' is quoted as the name it was recorded under.
  return /^[a-z]+ed$/.test(verb)
    ? `${actor} ${verb} ${subject.object()}`
    : `${actor} recorded “${humanize(verb)}” for ${subject.object()}`;
}

function joinClauses(clauses: readonly Clause[]): string {
  const parts: string[] = [];
  let changes: string[] = [];
  const flush = () => {
    if (changes.length > 0) parts.push(`changed ${joinWithAnd(changes)}`);
    changes = [];
  };
  for (const clause of clauses) {
    if ('change' in clause) changes.push(clause.change);
    else {
      flush();
      parts.push(clause.text);
    }
  }
  flush();
  return joinWithAnd(parts);
}

function joinWithAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** A vocabulary's label for a recorded value; an unknown value reads as itself. */
function vocabularyLabel(
  vocabulary: { entries: readonly { value: number | string; label: string }[] },
  value: unknown,
): string {
  return vocabulary.entries.find((entry) => entry.value === value)?.label ?? formatValue(value);
}

function companyNamed(value: unknown): string {
  return text(value) ? `the company ${text(value)}` : 'another company';
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value))
    return value.length > 0 ? value.map((item) => formatValue(item)).join(', ') : 'nothing';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map((item) => String(item)) : [];
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function parenthesised(value: unknown): string {
  return text(value) ? ` (${text(value)})` : '';
}

function prefixed(prefix: string, value: unknown): string {
  return text(value) ? `${prefix}${text(value)}` : '';
}

function humanize(key: string): string {
  return key.replace(/[_.]+/g, ' ').trim();
}

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

function capitalised(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A recorded amount in the record's currency with two decimals ('£28.20'). */
function money(value: unknown, context: ActivitySentenceContext): string {
  if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')) return formatValue(value);
  return (context.formatMoney ?? formatActivityMoney)(value, context.currency ?? DEFAULT_CURRENCY);
}

/** An order address on one line: '1 High Street, Bath, BA1 1LZ, GB'. */
function addressText(value: unknown): string {
  let address = value;
  if (typeof value === 'string') {
    try {
      address = JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (address === null || typeof address !== 'object') return formatValue(value);
  const parts = ['name', 'company', 'line1', 'line2', 'city', 'region', 'postcode', 'country']
    .map((key) => text((address as Values)[key]))
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** Recorded order lines ('2 × MUG-1, 1 × TEA-1'). */
function linesText(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return 'none';
  return value
    .map(
      (line: Values) =>
        `${typeof line.quantity === 'number' ? line.quantity : '?'} × ${text(line.sku) ?? 'an item without SKU'}`,
    )
    .join(', ');
}

/** A plugin's copy of an order in a record: `{ plugin, plugin_sync_status }` or `{ plugins: [...] }`. */
function pluginStates(values: Values): { plugin: string | null; status: unknown }[] {
  if (Array.isArray(values.plugins) && values.plugins.length > 0) {
    return (values.plugins as Values[]).map((entry) => ({
      plugin: text(entry.plugin),
      status: entry.plugin_sync_status,
    }));
  }
  return values.plugin_sync_status === undefined
    ? []
    : [{ plugin: text(values.plugin), status: values.plugin_sync_status }];
}
