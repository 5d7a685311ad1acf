import { useEffect, useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { useSearchParams } from 'react-router';

import type { FileTransferDto } from '@syncdesk/contracts';

import { ExportStatus } from './ExportStatus';
import { ImportDialog } from './ImportDialog';
import { fetchTransfer } from './transfers.api';
import { useTransfer } from './useTransfer';

/** The query parameter the e-mails and notifications link with: `/products/12?transfer=<uuid>`. */
export const TRANSFER_LINK_PARAMETER = 'transfer';

export interface TransferLinkHandlerProps {
  storeId: number;
  /** The page's import dialog settings, used when the link names an import. */
  importTitle: string;
  uploadPath: string;
  templateColumns: string[];
  onImportFinished?: (transfer: FileTransferDto) => void;
}

/**
 * Mounted by a page that imports and exports (Products): when the address carries
 * `?transfer=<uuid>` — the link of the finished-import or export-ready e-mail and notification — it
 * reads that transfer and opens the import dialog on its outcome and error report, or offers the
 * exported file for download. Closing removes the parameter, so a reload does not open it again.
 */
export function TransferLinkHandler({
  storeId,
  importTitle,
  uploadPath,
  templateColumns,
  onImportFinished,
}: TransferLinkHandlerProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const uuid = searchParams.get(TRANSFER_LINK_PARAMETER);
  const [linked, setLinked] = useState<FileTransferDto | null>(null);

  useEffect(() => {
    if (!uuid) return undefined;
    let current = true;
    fetchTransfer(storeId, uuid).then(
      (transfer) => {
        if (current) setLinked(transfer);
      },
      // Not found (or not this company's): the api client has said so; drop the parameter.
      () => {
        if (current) forget();
      },
    );
    return () => {
      current = false;
    };
    // `forget` only writes the address; following it would refetch on every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storeId, uuid]);

  function forget() {
    setLinked(null);
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(TRANSFER_LINK_PARAMETER);
        return next;
      },
      { replace: true },
    );
  }

  const shown = linked && linked.uuid === uuid ? linked : null;
  if (!shown) return null;
  if (shown.kind === 'import') {
    return (
      <ImportDialog
        open
        onClose={forget}
        title={importTitle}
        uploadPath={uploadPath}
        templateColumns={templateColumns}
        onFinished={onImportFinished}
        transfer={shown}
      />
    );
  }
  return <ExportLinkDialog transfer={shown} onClose={forget} />;
}

function ExportLinkDialog({ transfer: linked, onClose }: { transfer: FileTransferDto; onClose: () => void }) {
  const { transfer } = useTransfer(linked.store_id, linked.uuid, linked);
  const shown = transfer ?? linked;
  return (
    <Modal
      open
      title="Export"
      onCancel={onClose}
      footer={
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      }
    >
      <Flex vertical gap={12} align="start">
        <Typography.Text>
          {shown.status === 'done'
            ? `Your ${shown.file_format.toUpperCase()} export is ready.`
            : `Your ${shown.file_format.toUpperCase()} export has not finished yet.`}
        </Typography.Text>
        <ExportStatus transfer={shown} />
      </Flex>
    </Modal>
  );
}
