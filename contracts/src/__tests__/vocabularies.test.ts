import { z } from 'zod';

import * as contracts from '../index';
import { LOG_STATUS } from '../logs/log.status';
import { NOTIFICATION_LEVEL, NOTIFICATION_STATUS } from '../notifications/notification.status';
import { COMPANY_ACCOUNT_STATUS } from '../companies/company.status';
import { FULFILMENT_STATUS, ORDER_SYNC_STATUS, PAYMENT_STATUS_NUMBER } from '../orders/order.status';
import {
  PRODUCT_LISTING_FILTER,
  PRODUCT_SYNC_STATUS,
  TIKTOK_PRODUCT_FILTER,
} from '../products/product.status';
import { PICKUP_STORE_SYNC_STATUS, SHOPIFY_PICKUP_SYNC_STATUS } from '../pickups/pickup.status';
import { RULE_TIMING } from '../rules/rule.status';
import { SETTING_VALUE } from '../settings/setting.status';
import { IP_WHITELIST_STATUS } from '../ip-whitelist/ip-whitelist.status';
import { USER_GROUP } from '../users/user.status';
import { WEBHOOK_EVENT, WEBHOOK_METHOD, WEBHOOK_STATUS } from '../webhooks/webhook.status';
import { CHANNEL_CATEGORY } from '../channels/channel.status';
import { INVOICE_SYNC_STATUS } from '../invoices/invoice.status';
import { VOCABULARIES } from '../vocabularies';
import type { Vocabulary } from '../vocabulary';
import { vocabularySchema } from '../vocabulary.schema';

const TONES = ['default', 'processing', 'success', 'warning', 'error'];

/** `[value, label]` pairs, for comparing a vocabulary with the spec's list in one line. */
function pairs(vocabulary: Vocabulary): [number | string, string][] {
  return vocabulary.entries.map((entry) => [entry.value, entry.label]);
}

describe('every vocabulary', () => {
  const all = Object.entries(VOCABULARIES);

  it('is registered under its own name', () => {
    for (const [name, vocabulary] of all) expect(vocabulary.name).toBe(name);
  });

  it('lists every vocabulary the package exports', () => {
    const exported = (Object.values(contracts) as unknown[]).filter(
      (value): value is Vocabulary =>
        typeof value === 'object' && value !== null && 'entries' in value && 'byValue' in value,
    );
    const registered = new Set<Vocabulary>(Object.values(VOCABULARIES));
    for (const vocabulary of exported) expect(registered.has(vocabulary)).toBe(true);
  });

  it.each(all)('%s has unique values and keys, labels and a known tone', (_name, vocabulary) => {
    const entries = vocabulary.entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((entry) => entry.value)).size).toBe(entries.length);
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
    for (const entry of entries) {
      expect(entry.label.trim()).not.toBe('');
      expect(entry.key).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(TONES).toContain(entry.tone);
    }
  });

  it('has labels that are unique within a vocabulary, so no two statuses read the same', () => {
    for (const vocabulary of Object.values(VOCABULARIES)) {
      const labels = vocabulary.entries.map((entry) => entry.label);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});

describe('the spec numbers', () => {
  it('log status 0 waiting … 5 info', () => {
    expect(pairs(LOG_STATUS)).toEqual([
      [0, 'Waiting'],
      [1, 'In progress'],
      [2, 'Success'],
      [3, 'Warning'],
      [4, 'Failed'],
      [5, 'Info'],
    ]);
  });

  it('notification status and level', () => {
    expect(pairs(NOTIFICATION_STATUS)).toEqual([
      [0, 'Unread'],
      [1, 'Read'],
      [2, 'Dismissed'],
    ]);
    expect(NOTIFICATION_LEVEL.values).toEqual([0, 1, 2]);
    expect(NOTIFICATION_LEVEL.byKey('error').value).toBe(2);
  });

  it('ip whitelist status, user groups and the setting value', () => {
    expect(IP_WHITELIST_STATUS.label(2)).toBe('Blocked');
    expect(USER_GROUP.byKey('moderator').value).toBe(1);
    expect(pairs(SETTING_VALUE)).toEqual([
      [0, 'Disabled'],
      [1, 'Allowed'],
      [2, 'Blocked'],
    ]);
  });

  it('company account status 1 trial, 3 no banner, 4 limited', () => {
    expect(COMPANY_ACCOUNT_STATUS.values).toEqual([1, 3, 4]);
    expect(COMPANY_ACCOUNT_STATUS.byKey('limited').value).toBe(4);
  });

  it('order sync status, including 15 rule engine in progress and no 5', () => {
    expect(ORDER_SYNC_STATUS.values).toEqual([0, 1, 2, 3, 4, 6, 7, 14, 15]);
    expect(ORDER_SYNC_STATUS.byKey('on_hold').value).toBe(3);
    expect(ORDER_SYNC_STATUS.byKey('excluded').value).toBe(6);
    expect(ORDER_SYNC_STATUS.label(15)).toBe('Rule engine in progress');
    expect(ORDER_SYNC_STATUS.byValue(3)?.tone).toBe('warning');
    expect(ORDER_SYNC_STATUS.byValue(7)?.tone).toBe('error');
  });

  it('product / plugin sync status 0–14, the cancelling states named unambiguously', () => {
    expect(PRODUCT_SYNC_STATUS.values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(PRODUCT_SYNC_STATUS.label(8)).toBe('Return API failed');
    expect(PRODUCT_SYNC_STATUS.label(11)).toBe('Order cancelling in progress');
    expect(PRODUCT_SYNC_STATUS.label(12)).toBe('Order cancelling synced');
    expect(PRODUCT_SYNC_STATUS.label(13)).toBe('Order cancelling failed');
    expect(PRODUCT_SYNC_STATUS.label(14)).toBe('Cancelled');
  });

  it('fulfilment status 0 awaiting send … 8 waiting process check', () => {
    expect(FULFILMENT_STATUS.values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(FULFILMENT_STATUS.label(0)).toBe('Awaiting send');
    expect(FULFILMENT_STATUS.label(7)).toBe('Prime');
    expect(FULFILMENT_STATUS.label(8)).toBe('Waiting process check');
  });

  it('pickup sync vocabularies', () => {
    expect(SHOPIFY_PICKUP_SYNC_STATUS.byKey('synced').value).toBe(3);
    expect(PICKUP_STORE_SYNC_STATUS.byKey('deleted').value).toBe(4);
    expect(PICKUP_STORE_SYNC_STATUS.byKey('updated_status').value).toBe(6);
  });

  it('payment status number, listing filters, webhooks, rule timing, categories', () => {
    expect(pairs(PAYMENT_STATUS_NUMBER)).toEqual([
      [1, 'Paid'],
      [2, 'Partially paid'],
      [3, 'Unpaid'],
      [4, 'Authorized'],
      [5, 'Not applicable'],
    ]);
    expect(PRODUCT_LISTING_FILTER.values).toEqual([0, 1, 2, 4]);
    expect(TIKTOK_PRODUCT_FILTER.values).toContain('PLATFORM_DEACTIVATED');
    expect(WEBHOOK_STATUS.label(1)).toBe('Sent');
    expect(WEBHOOK_EVENT.values).toHaveLength(12);
    expect(WEBHOOK_EVENT.values).toContain('confirmation.orders.received');
    expect(WEBHOOK_METHOD.values).toEqual(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
    expect(RULE_TIMING.label(1)).toBe('On sending via plugin');
    expect(CHANNEL_CATEGORY.values).toEqual(['Accounting', 'Marketplace', 'Ecommerce', 'WMS']);
    expect(INVOICE_SYNC_STATUS.values).toEqual(['pending', 'updated', 'synced', 'failed', 'in_progress']);
  });
});

describe('vocabularySchema', () => {
  it('accepts exactly the wire values', () => {
    const schema = vocabularySchema(ORDER_SYNC_STATUS);
    expect(schema.parse(15)).toBe(15);
    expect(schema.safeParse(5).success).toBe(false);
    expect(vocabularySchema(WEBHOOK_METHOD).safeParse('HEAD').success).toBe(false);
    expect(z.object({ status: schema }).parse({ status: 2 })).toEqual({ status: 2 });
  });
});
