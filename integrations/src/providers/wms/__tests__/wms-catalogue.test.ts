import {
  defaultSettingsFor,
  findCatalogueEntry,
  settingsErrorsFor,
  settingsFormFor,
} from '@syncdesk/contracts';
import { providerFor } from '../../../registry';

describe('the WMS plugin in the catalogue and the registry', () => {
  it('is a WMS plugin with an API key, whose form asks for the API URL, the key and the pace', () => {
    expect(findCatalogueEntry('wms')).toMatchObject({
      name: 'WMS (REST)',
      category: 'WMS',
      kind: 'plugin',
      authType: 'api_key',
      active: true,
    });
    const form = settingsFormFor('wms');
    expect(form.map((field) => field.name)).toEqual([
      'name',
      'is_default',
      'api_url',
      'api_key',
      'updates_interval',
    ]);
    expect(form.find((field) => field.name === 'api_url')).toMatchObject({
      label: 'API URL',
      url: true,
      required: true,
    });
    expect(form.find((field) => field.name === 'api_key')).toMatchObject({ secret: true, required: true });
    expect(form.find((field) => field.name === 'updates_interval')).toMatchObject({
      label: 'Seconds between reading shipments and stock',
      type: 'number',
    });
    expect(defaultSettingsFor('wms')).toMatchObject({ updates_interval: 60, is_default: false });
    expect(settingsErrorsFor('wms', { name: 'Warehouse', updates_interval: 60 })).toMatchObject({
      api_url: expect.any(Array),
      api_key: expect.any(Array),
    });
  });

  it('has its connector registered', () => {
    expect(providerFor('wms')).toMatchObject({ type: 'wms', kind: 'plugin' });
    expect(providerFor('wms')?.connector).toBeDefined();
    expect(providerFor('shipstation')).toBeNull();
  });
});
