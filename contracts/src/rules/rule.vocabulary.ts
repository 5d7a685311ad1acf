/**
 * The rule engine's vocabulary (spec §9 "Order rules"): what a rule listens to, what it may look at,
 * how it compares and what it may do. Every list here is closed: the evaluator switches over each
 * exhaustively, so adding an entry fails the build until it is handled.
 */

/** What a rule listens to. `timing` is RULE_TIMING's value: 0 on import, 1 on sending via plugin. */
export const RULE_TRIGGER_EVENTS = [
  {
    key: 'order_imported',
    label: 'Order imported',
    description: 'A new order arrives from a channel.',
    timing: 0,
  },
  {
    key: 'order_updated',
    label: 'Order changed by its channel',
    description: 'The channel sends a changed order again (status, lines, addresses).',
    timing: 0,
  },
  {
    key: 'order_sending_to_plugin',
    label: 'Order sent to a plugin',
    description: 'The order is about to be sent to the store’s fulfilment plugin.',
    timing: 1,
  },
] as const;
export type RuleTriggerEvent = (typeof RULE_TRIGGER_EVENTS)[number]['key'];
export const RULE_TRIGGER_EVENT_KEYS = RULE_TRIGGER_EVENTS.map((event) => event.key) as [
  RuleTriggerEvent,
  ...RuleTriggerEvent[],
];

/**
 * Why a rule ran, as a rule-engine log's `trigger_type`: one of the trigger events, or a person
 * asking for it (`trigger-rules` on chosen orders, a backfill of a saved rule).
 */
export const RULE_RUN_TRIGGERS = [...RULE_TRIGGER_EVENT_KEYS, 'manual', 'backfill'] as const;
export type RuleRunTrigger = (typeof RULE_RUN_TRIGGERS)[number];
export const RULE_RUN_TRIGGER_LABELS: Readonly<Record<RuleRunTrigger, string>> = {
  order_imported: 'Order imported',
  order_updated: 'Order changed by its channel',
  order_sending_to_plugin: 'Order sent to a plugin',
  manual: 'Run by hand',
  backfill: 'Backfill',
};

/** What a rule acts on (`GET data-types?types[]`). Orders only, for now. */
export const RULE_DATA_TYPES = [{ key: 'order', label: 'Order' }] as const;
export type RuleDataType = (typeof RULE_DATA_TYPES)[number]['key'];

/**
 * How a field's values compare. Numbers as numbers; ISO codes case-insensitively; SKUs exactly;
 * text (channel names, shipping methods, tags) case-insensitively after trimming.
 */
export type RuleValueType = 'number' | 'text' | 'sku' | 'country' | 'tag' | 'boolean' | 'none';

export const RULE_OPERATORS = [
  { key: 'contains', label: 'contains' },
  { key: 'not_contains', label: 'does not contain' },
  { key: 'is', label: 'is' },
  { key: 'equals', label: 'equals' },
  { key: 'not_equals', label: 'does not equal' },
  { key: 'less_than', label: 'is less than' },
  { key: 'less_than_or_equal', label: 'is less than or equal to' },
  { key: 'greater_than', label: 'is greater than' },
  { key: 'greater_than_or_equal', label: 'is greater than or equal to' },
  { key: 'is_empty', label: 'is empty' },
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number]['key'];

/** The operators each value type offers (the editor's list and the save-time check). */
export const RULE_OPERATORS_BY_TYPE: Readonly<Record<RuleValueType, readonly RuleOperator[]>> = {
  number: [
    'equals',
    'not_equals',
    'less_than',
    'less_than_or_equal',
    'greater_than',
    'greater_than_or_equal',
  ],
  text: ['is', 'equals', 'not_equals', 'contains', 'not_contains', 'is_empty'],
  sku: ['is', 'equals', 'not_equals', 'contains', 'not_contains', 'is_empty'],
  country: ['is', 'equals', 'not_equals', 'is_empty'],
  tag: ['is', 'equals', 'not_equals', 'contains', 'not_contains', 'is_empty'],
  boolean: ['is'],
  none: [],
};

/** Condition fields per data type (`GET condition-fields/{dataType}`), spec §9 in its order. */
export const RULE_CONDITION_FIELDS = [
  {
    key: 'order_items_quantity_greater_than_1',
    label: 'Order items quantity greater than 1',
    type: 'boolean',
    help: 'Whether any line of the order asks for more than one unit.',
  },
  { key: 'line_item_sku', label: 'Line item SKU', type: 'sku', help: 'Any line’s SKU, compared exactly.' },
  { key: 'total_quantity', label: 'Total quantity', type: 'number', help: 'Units over all lines.' },
  { key: 'channel_name', label: 'Channel name', type: 'text', help: 'The channel the order came from.' },
  { key: 'line_count', label: 'Line count', type: 'number', help: 'How many lines the order has.' },
  { key: 'shipping_method', label: 'Shipping method', type: 'text', help: 'As the channel named it.' },
  {
    key: 'shipping_country',
    label: 'Shipping country ISO code',
    type: 'country',
    help: 'Two letters, such as DE or GB.',
  },
  {
    key: 'invoice_country',
    label: 'Invoice country ISO code',
    type: 'country',
    help: 'Two letters, such as DE or GB.',
  },
  { key: 'order_tag', label: 'Order tag', type: 'tag', help: 'Any of the order’s tags.' },
  { key: 'no_condition', label: 'No condition', type: 'none', help: 'Every order.' },
] as const satisfies readonly { key: string; label: string; type: RuleValueType; help: string }[];
export type RuleConditionField = (typeof RULE_CONDITION_FIELDS)[number]['key'];

/** What an action's value is. */
export type RuleActionValueType = 'text' | 'sync_status' | 'multiplier';

/** Actions per data type (`GET actions/{dataType}`), spec §9 in its order. */
export const RULE_ACTIONS = [
  { key: 'add_tag', label: 'Add tag', valueType: 'text', help: 'Adds the tag unless the order has it.' },
  {
    key: 'update_order_sync_status',
    label: 'Update order sync status',
    valueType: 'sync_status',
    help: 'Only moves the order allows (an order already sent stays sent).',
  },
  {
    key: 'set_shipping_method',
    label: 'Set shipping method',
    valueType: 'text',
    help: 'Replaces the method.',
  },
  {
    key: 'multiply_line_item_quantity',
    label: 'Multiply line item quantity',
    valueType: 'multiplier',
    help: 'Lines the rule’s SKU conditions name (every line when none does) ask for this many times the units the channel sold; running again never multiplies twice.',
  },
  { key: 'set_order_type', label: 'Set order type', valueType: 'text', help: 'Such as B2B or Wholesale.' },
] as const satisfies readonly { key: string; label: string; valueType: RuleActionValueType; help: string }[];
export type RuleActionName = (typeof RULE_ACTIONS)[number]['key'];

/** Bounds a saved value must keep (checked at save, answered 422). */
export const RULE_LIMITS = {
  nameMax: 120,
  textValueMax: 190,
  tagMax: 64,
  orderTypeMax: 40,
  multiplierMin: 2,
  multiplierMax: 1000,
  groupsMax: 10,
  conditionsPerGroupMax: 20,
  actionsMax: 10,
  /** Dry run: the store's latest orders evaluated. */
  dryRunDefault: 50,
  dryRunMax: 200,
} as const;

export type RuleMatch = 'all' | 'any';
