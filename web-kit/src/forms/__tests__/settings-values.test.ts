import dayjs from 'dayjs';

import { validateSettingFields, type SettingField } from '@syncdesk/contracts';

import { settingsFormValues, settingsValuesToValidate, settingsWireValues } from '../settings-values';

const FIELDS: SettingField[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'ignore_orders_before_at', label: 'Ignore orders before', type: 'date' },
  { name: 'orderPollingTime', label: 'Order polling time', type: 'time' },
  {
    name: 'statuses',
    label: 'Statuses',
    type: 'select',
    multiple: true,
    options: [{ value: 'processing', label: 'processing' }],
    default: ['processing'],
  },
  { name: 'api_key', label: 'API key', type: 'text', secret: true, required: true },
];

describe('settings values', () => {
  it('turns saved text into picker values and back, defaults filled, secrets blank', () => {
    const form = settingsFormValues(FIELDS, {
      name: 'Shop',
      ignore_orders_before_at: '2026-02-28',
      orderPollingTime: '06:30',
      api_key: 'never returned, but blank anyway',
    });
    expect(dayjs.isDayjs(form.ignore_orders_before_at)).toBe(true);
    expect(form.statuses).toEqual(['processing']);
    expect(form.api_key).toBe('');
    expect(settingsWireValues(FIELDS, { ...form, name: '  Shop  ' })).toEqual({
      name: 'Shop',
      ignore_orders_before_at: '2026-02-28',
      orderPollingTime: '06:30',
      statuses: ['processing'],
    });
  });

  it('a blank secret is left out of the body but counts as given when the server holds one', () => {
    const form = settingsFormValues(FIELDS, { name: 'Shop' });
    expect(settingsWireValues(FIELDS, form)).not.toHaveProperty('api_key');
    expect(validateSettingFields(FIELDS, settingsValuesToValidate(FIELDS, form))).toEqual({
      api_key: ['The API key field is required.'],
    });
    expect(validateSettingFields(FIELDS, settingsValuesToValidate(FIELDS, form, ['api_key']))).toEqual({});
    expect(settingsWireValues(FIELDS, { ...form, api_key: 'typed' }).api_key).toBe('typed');
  });
});
