import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  ConfigProvider,
  Empty,
  Flex,
  Input,
  Modal,
  Skeleton,
  theme,
  Typography,
  type InputRef,
} from 'antd';

import {
  CHANNEL_CATEGORY,
  COMING_SOON_LABEL,
  describeSyncs,
  type AvailableChannelDto,
  type ChannelCatalogueEntry,
} from '@syncdesk/contracts';

import { ChannelMark } from './ChannelMark';
import type { ConnectionKindConfig } from './connection-kinds';
import { getCatalogue } from './connections.api';

export interface ChannelPickerProps {
  open: boolean;
  config: ConnectionKindConfig;
  onClose(): void;
  onPick(entry: AvailableChannelDto): void;
}

/** The tile's short mark for a type that connects but does not sync yet. */
export const NO_SYNC_YET_LABEL = 'No sync yet';

/** What a tile says it does, in full (its title: the hover text and accessible description). */
export function syncDescription(entry: AvailableChannelDto): string {
  if (!entry.active) return COMING_SOON_LABEL;
  return entry.syncs.length > 0
    ? `Syncs ${describeSyncs(entry.syncs).toLowerCase()}`
    : 'Connects, but Syncdesk does not synchronise it yet';
}

const TILE_GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))',
  gap: 8,
};

const TILE: CSSProperties = {
  height: 'auto',
  minHeight: 76,
  padding: '8px 4px',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-start',
  gap: 4,
  whiteSpace: 'normal',
};

const TILE_NAME: CSSProperties = { fontSize: 12, lineHeight: 1.25, overflowWrap: 'anywhere' };

/** Case-insensitive match on the name or the slug (`amazon` finds `amazonsp`). */
export function matchesSearch(entry: ChannelCatalogueEntry, search: string): boolean {
  const term = search.trim().toLowerCase();
  return term === '' || entry.name.toLowerCase().includes(term) || entry.slug.toLowerCase().includes(term);
}

/**
 * The channel picker (integration-domain §2): the catalogue entries of one kind, grouped by
 * category in the vocabulary's order, with a search box. Entries that are not connectable yet
 * are shown disabled with 'Coming soon...'. Every entry is a button, so Tab and Enter pick one;
 * its mark (monogram on the brand's colour) is decorative, the button's name is the channel's.
 */
export function ChannelPicker({ open, config, onClose, onPick }: ChannelPickerProps) {
  const [catalogue, setCatalogue] = useState<AvailableChannelDto[] | null>(null);
  const [search, setSearch] = useState('');
  const [onlySyncing, setOnlySyncing] = useState(false);
  const searchRef = useRef<InputRef>(null);
  const { token } = theme.useToken();
  // A keyboard user walks a grid of look-alike tiles: the default faint focus ring gets lost in
  // it (in dark mode above all), so the tiles' ring is the primary colour, and thicker.
  const tileTheme = useMemo(
    () => ({ components: { Button: { colorPrimaryBorder: token.colorPrimary, lineWidthFocus: 2 } } }),
    [token.colorPrimary],
  );

  useEffect(() => {
    if (!open || catalogue) return undefined;
    let active = true;
    getCatalogue()
      .then((entries) => active && setCatalogue(entries))
      .catch(() => active && setCatalogue([]));
    return () => {
      active = false;
    };
  }, [open, catalogue]);

  const matching = (catalogue ?? []).filter(
    (entry) =>
      entry.kind === config.kind && matchesSearch(entry, search) && (!onlySyncing || entry.syncs.length > 0),
  );
  const groups = CHANNEL_CATEGORY.entries
    .map((category) => ({
      category,
      entries: matching.filter((entry) => entry.category === category.value),
    }))
    .filter((group) => group.entries.length > 0);

  const pickOnlyMatch = () => {
    const connectable = matching.filter((entry) => entry.active);
    if (connectable.length === 1 && connectable[0]) onPick(connectable[0]);
  };

  return (
    <Modal
      open={open}
      title={config.addLabel}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) searchRef.current?.focus();
      }}
      afterClose={() => setSearch('')}
    >
      <Flex vertical gap={16}>
        <Flex vertical gap={8}>
          <Input
            ref={searchRef}
            autoFocus
            allowClear
            prefix={<SearchOutlined />}
            aria-label="Search the catalogue"
            placeholder="Search by name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            // Enter with a single connectable match picks it, so "shopify ⏎" is enough.
            onPressEnter={pickOnlyMatch}
          />
          {/* Many entries connect without syncing yet: a seller choosing where orders come from
              can hide them. What a tile syncs is its title; "No sync yet" marks the others. */}
          <Checkbox checked={onlySyncing} onChange={(event) => setOnlySyncing(event.target.checked)}>
            Only what Syncdesk synchronises
          </Checkbox>
        </Flex>
        {catalogue === null ? (
          <Skeleton active />
        ) : groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No channels match" />
        ) : (
          <ConfigProvider theme={tileTheme}>
            {groups.map(({ category, entries }) => (
              <section key={category.value} aria-label={category.label}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {category.label}
                </Typography.Title>
                {/* Small tiles, as many per row as fit: some hundred entries stay scannable. */}
                <div style={TILE_GRID}>
                  {entries.map((entry) => (
                    <Button
                      key={entry.slug}
                      disabled={!entry.active}
                      onClick={() => onPick(entry)}
                      style={TILE}
                      title={syncDescription(entry)}
                    >
                      <ChannelMark type={entry.slug} name={entry.name} />
                      <span style={TILE_NAME}>{entry.name}</span>
                      {!entry.active ? (
                        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                          {COMING_SOON_LABEL}
                        </Typography.Text>
                      ) : entry.syncs.length === 0 ? (
                        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                          {NO_SYNC_YET_LABEL}
                        </Typography.Text>
                      ) : null}
                    </Button>
                  ))}
                </div>
              </section>
            ))}
          </ConfigProvider>
        )}
      </Flex>
    </Modal>
  );
}
