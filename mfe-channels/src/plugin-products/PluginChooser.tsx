import { useEffect, useState } from 'react';
import { Card, Empty, Flex, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';

import type { ChannelDto } from '@syncdesk/contracts';
import { PageHeader } from '@syncdesk/web-kit';

import { getStorePlugins } from './plugin-products.api';

export interface PluginChooserProps {
  title: string;
  storeId: string;
  /** Where the chosen plugin's screen is. */
  routeFor(pluginId: number): string;
}

/** Shown when a plugin screen's path names no plugin: pick one of the store's plugins to go on. */
export function PluginChooser({ title, storeId, routeFor }: PluginChooserProps) {
  const navigate = useNavigate();
  const [plugins, setPlugins] = useState<ChannelDto[] | null>(null);
  useEffect(() => {
    let active = true;
    getStorePlugins(storeId)
      .then((loaded) => active && setPlugins(loaded))
      .catch(() => active && setPlugins([]));
    return () => {
      active = false;
    };
  }, [storeId]);

  return (
    <>
      <PageHeader title={title} subtitle="Choose a plugin" />
      <Card>
        {plugins !== null && plugins.length === 0 ? (
          <Empty description="This store has no plugins yet" />
        ) : (
          <Flex vertical gap={8} style={{ maxWidth: 420 }}>
            <Typography.Text id="plugin-chooser-label">Plugin</Typography.Text>
            <Select<number>
              aria-labelledby="plugin-chooser-label"
              placeholder="Choose a plugin"
              loading={plugins === null}
              showSearch={{ optionFilterProp: 'label' }}
              options={(plugins ?? []).map((plugin) => ({
                value: plugin.id,
                label: `${plugin.name} (${plugin.provider})`,
              }))}
              onChange={(pluginId) => void navigate(routeFor(pluginId))}
            />
          </Flex>
        )}
      </Card>
    </>
  );
}
