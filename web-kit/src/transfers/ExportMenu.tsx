import { useState } from 'react';
import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { ExportOutlined } from '@ant-design/icons';

import { FILE_TRANSFER_FORMATS, type FileTransferDto, type FileTransferFormat } from '@syncdesk/contracts';

import { notifySuccess } from '../feedback/notify';
import { ExportStatus } from './ExportStatus';
import { startExport } from './transfers.api';
import { useTransfer } from './useTransfer';

export interface ExportMenuProps {
  /** The export call without its format, relative to the api (`products/12/export`). */
  exportPath: string;
  /** The list's filters, search and sort as query parameters, so the file holds what the list shows. */
  query?: Record<string, string> | URLSearchParams;
  /** Export only these rows: sent as `{ [field]: ids }` (`product_uuids`). */
  selection?: { field: string; ids: string[] };
  disabled?: boolean;
}

const FORMAT_LABELS: Record<FileTransferFormat, string> = { csv: 'CSV', xlsx: 'XLSX' };

/**
 * "Export" with CSV and XLSX. The export runs as a job: the answer's message is shown at once, a
 * small indicator follows the job live, and when the file is ready a Download button fetches it.
 * (The notification and the e-mail bring the same file later.)
 */
export function ExportMenu({ exportPath, query, selection, disabled }: ExportMenuProps) {
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<FileTransferDto | null>(null);
  const { transfer } = useTransfer(started?.store_id, started?.uuid, started);

  const items: MenuProps['items'] = FILE_TRANSFER_FORMATS.map((format) => ({
    key: format,
    label: FORMAT_LABELS[format],
  }));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setStarting(true);
    startExport(exportPath, key as FileTransferFormat, query, selection)
      .then((answer) => {
        setStarted(answer.data);
        notifySuccess(answer.message);
      })
      // The api client's handler has shown the failure.
      .catch(() => undefined)
      .finally(() => setStarting(false));
  };

  const count = selection ? ` (${selection.ids.length.toLocaleString('en-GB')} selected)` : '';

  return (
    <Flex align="center" gap={8}>
      <Dropdown menu={{ items, onClick }} trigger={['click']} disabled={disabled || starting}>
        <Button icon={<ExportOutlined />} loading={starting}>
          Export{count}
        </Button>
      </Dropdown>
      {transfer ? <ExportStatus transfer={transfer} /> : null}
    </Flex>
  );
}
