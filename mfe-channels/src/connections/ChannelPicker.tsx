import { useEffect, useRef, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Flex, Input, Modal, Row, Skeleton, Typography, type InputRef } from 'antd';

import { CHANNEL_CATEGORY, COMING_SOON_LABEL, type ChannelCatalogueEntry } from '@syncdesk/contracts';

import type { ConnectionKindConfig } from './connection-kinds';
import { getCatalogue } from './connections.api';

export interface ChannelPickerProps {
  open: boolean;
  config: ConnectionKindConfig;
  onClose(): void;
  onPick(entry: ChannelCatalogueEntry): void;
}

/** Case-insensitive match on the name or the slug (`amazon` finds `amazonsp`). */
export function matchesSearch(entry: ChannelCatalogueEntry, search: string): boolean {
  const term = search.trim().toLowerCase();
  return term === '' || entry.name.toLowerCase().includes(term) || entry.slug.toLowerCase().includes(term);
}

/**
 * The channel picker (integration-domain §2): the catalogue entries of one kind, grouped by
 * category in the vocabulary's order, with a search box. Entries that are not connectable yet
 * are shown disabled with 'Coming soon...'. Every entry is a button, so Tab and Enter pick one.
 */
export function ChannelPicker({ open, config, onClose, onPick }: ChannelPickerProps) {
  const [catalogue, setCatalogue] = useState<ChannelCatalogueEntry[] | null>(null);
  const [search, setSearch] = useState('');
  const searchRef = useRef<InputRef>(null);

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
    (entry) => entry.kind === config.kind && matchesSearch(entry, search),
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
      width={760}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) searchRef.current?.focus();
      }}
      afterClose={() => setSearch('')}
    >
      <Flex vertical gap={16}>
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
        {catalogue === null ? (
          <Skeleton active />
        ) : groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No channels match" />
        ) : (
          groups.map(({ category, entries }) => (
            <section key={category.value} aria-label={category.label}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {category.label}
              </Typography.Title>
              <Row gutter={[8, 8]}>
                {entries.map((entry) => (
                  <Col key={entry.slug} xs={12} sm={8}>
                    <Button
                      block
                      disabled={!entry.active}
                      onClick={() => onPick(entry)}
                      style={{ height: 'auto', minHeight: 56, whiteSpace: 'normal' }}
                    >
                      <Flex vertical align="center">
                        <span>{entry.name}</span>
                        {entry.active ? null : (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {COMING_SOON_LABEL}
                          </Typography.Text>
                        )}
                      </Flex>
                    </Button>
                  </Col>
                ))}
              </Row>
            </section>
          ))
        )}
      </Flex>
    </Modal>
  );
}
