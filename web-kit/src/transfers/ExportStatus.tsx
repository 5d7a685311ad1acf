import { useState } from 'react';
import { Button, Flex, Progress, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';

import type { FileTransferDto } from '@syncdesk/contracts';

import { transferPercent } from './transfer-progress';
import { downloadTransferFile, exportFileName, saveFile } from './transfers.api';

/** Where an export stands: a small live indicator, the failure, or a Download button once the file is ready. */
export function ExportStatus({ transfer }: { transfer: FileTransferDto }) {
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadTransferFile(transfer), exportFileName(transfer));
    } catch {
      // The api client's handler has shown the failure.
    } finally {
      setDownloading(false);
    }
  };

  if (transfer.status === 'done') {
    return (
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        loading={downloading}
        onClick={() => void download()}
      >
        Download
      </Button>
    );
  }
  if (transfer.status === 'failed') {
    return (
      <Typography.Text type="danger" role="alert">
        {transfer.error ? `The export failed: ${transfer.error}` : 'The export failed.'}
      </Typography.Text>
    );
  }
  const percent = transferPercent(transfer);
  return (
    <Flex align="center" gap={6} aria-live="polite">
      <Progress
        type="circle"
        size={20}
        percent={percent ?? 0}
        showInfo={false}
        aria-label="Export progress"
      />
      <Typography.Text type="secondary">
        {transfer.status === 'queued'
          ? 'Export queued…'
          : `Exporting…${percent === null ? '' : ` ${percent}%`}`}
      </Typography.Text>
    </Flex>
  );
}
