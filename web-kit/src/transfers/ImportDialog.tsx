import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Table, Typography, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';

import { SOMETHING_WENT_WRONG, type FileTransferDto } from '@syncdesk/contracts';

import { isApiError } from '../http/api-error';
import { errorNotificationText } from '../http/error-notification-text';
import { isTransferFinished, transferPercent } from './transfer-progress';
import { fetchImportReport, saveFile, startImport, type ImportReport } from './transfers.api';
import { useTransfer } from './useTransfer';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The import call, relative to the api (`products/12/import`); the file goes as multipart `file`. */
  uploadPath: string;
  /** The columns the file's header row names, in order (shown, and the template's header). */
  templateColumns: string[];
  /** Called once when the import has finished (done or failed), with its final figures. */
  onFinished?: (transfer: FileTransferDto) => void;
  /** Follow an import already started (a link from the e-mail or a notification) instead of picking a file. */
  transfer?: FileTransferDto | null;
}

const ACCEPTED_EXTENSIONS = ['.csv', '.xlsx'];
const REPORT_PAGE_SIZE = 10;

/** The text for a refused upload: every field message of a 422, else what the notification would say. */
function uploadProblem(error: unknown): string {
  if (!isApiError(error)) return SOMETHING_WENT_WRONG;
  const fieldMessages = Object.values(error.errors).flat();
  if (error.status === 422 && fieldMessages.length > 0) return fieldMessages.join(' ');
  if (error.status === 413 && error.message.trim() === '') return 'The file is too large.';
  return errorNotificationText(error) ?? SOMETHING_WENT_WRONG;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

function progressText(transfer: FileTransferDto): string {
  if (transfer.status === 'queued') return 'Waiting to start…';
  const handled = `${plural(transfer.rows_done, 'row', 'rows')} imported, ${transfer.rows_failed.toLocaleString('en-GB')} failed`;
  return transfer.rows_total
    ? `${handled} of ${plural(transfer.rows_total, 'row', 'rows')}.`
    : `Reading the file… ${handled}.`;
}

function outcomeText(transfer: FileTransferDto): string {
  return `Import finished: ${plural(transfer.rows_done, 'row', 'rows')} imported, ${plural(transfer.rows_failed, 'row', 'rows')} failed.`;
}

function templateCsv(columns: string[]): Blob {
  const quote = (column: string) => (/[",\r\n]/.test(column) ? `"${column.replace(/"/g, '""')}"` : column);
  return new Blob([`${columns.map(quote).join(',')}\r\n`], { type: 'text/csv' });
}

type ReportState = { status: 'loading' } | { status: 'ready'; report: ImportReport } | { status: 'failed' };

/**
 * Imports a CSV or XLSX file: pick (or drop) the file, upload it, watch the job's progress live,
 * then read the outcome and, when rows were refused, the row-by-row error report (also saved as a
 * CSV). Closing while it runs is fine: the job goes on and ends with a notification and an e-mail;
 * opening the dialog again shows it still running.
 */
export function ImportDialog({
  open,
  onClose,
  title,
  uploadPath,
  templateColumns,
  onFinished,
  transfer: given,
}: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<FileTransferDto | null>(given ?? null);
  const [report, setReport] = useState<ReportState | null>(null);
  const { transfer } = useTransfer(started?.store_id, started?.uuid, started);
  const finished = isTransferFinished(transfer);
  const reported = useRef<string | null>(null);

  // A different transfer handed in (another link) replaces the one shown.
  const [givenUuid, setGivenUuid] = useState(given?.uuid);
  if (given && given.uuid !== givenUuid) {
    setGivenUuid(given.uuid);
    setStarted(given);
    setReport(null);
  }

  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });

  useEffect(() => {
    if (!transfer || !isTransferFinished(transfer) || reported.current === transfer.uuid) return;
    reported.current = transfer.uuid;
    onFinishedRef.current?.(transfer);
    if (transfer.status !== 'done' || transfer.rows_failed === 0) return;
    setReport({ status: 'loading' });
    fetchImportReport(transfer).then(
      (read) => setReport({ status: 'ready', report: read }),
      () => setReport({ status: 'failed' }),
    );
  }, [transfer]);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setStarted(null);
    setReport(null);
    setUploading(false);
  };

  const close = () => {
    // A running import stays on show for when the dialog opens again; anything else starts afresh.
    if (!transfer || finished) reset();
    onClose();
  };

  const pick = (picked: File) => {
    const name = picked.name.toLowerCase();
    if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) {
      setFile(null);
      setProblem('Choose a .csv or .xlsx file.');
    } else {
      setFile(picked);
      setProblem(null);
    }
  };

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const answer = await startImport(uploadPath, file);
      setStarted(answer.data);
    } catch (error) {
      setProblem(uploadProblem(error));
    } finally {
      setUploading(false);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : [];

  const footer = !transfer
    ? [
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button
          key="import"
          type="primary"
          disabled={!file}
          loading={uploading}
          onClick={() => void upload()}
        >
          Import
        </Button>,
      ]
    : finished
      ? [
          <Button key="again" onClick={reset}>
            Import another file
          </Button>,
          <Button key="close" type="primary" onClick={close} autoFocus>
            Close
          </Button>,
        ]
      : [
          <Button key="close" onClick={close} autoFocus>
            Close
          </Button>,
        ];

  return (
    <Modal open={open} title={title} onCancel={close} footer={footer} width={640}>
      {!transfer ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Choose a CSV or XLSX file whose first row names the columns:{' '}
            {templateColumns.map((column, index) => (
              <span key={column}>
                <Typography.Text code>{column}</Typography.Text>
                {index < templateColumns.length - 1 ? ' ' : ''}
              </span>
            ))}
          </Typography.Paragraph>
          <div>
            <Button
              size="small"
              onClick={() => saveFile(templateCsv(templateColumns), 'import-template.csv')}
            >
              Download template
            </Button>
          </div>
          <Upload.Dragger
            accept={ACCEPTED_EXTENSIONS.join(',')}
            multiple={false}
            maxCount={1}
            fileList={fileList}
            beforeUpload={(picked) => {
              pick(picked);
              // Kept in the page: the upload goes through the api client when Import is pressed.
              return false;
            }}
            onRemove={() => {
              setFile(null);
              return true;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drag a .csv or .xlsx file here</p>
          </Upload.Dragger>
          {problem ? <Alert type="error" showIcon title={problem} role="alert" /> : null}
        </Flex>
      ) : (
        <TransferOutcome transfer={transfer} report={report} />
      )}
    </Modal>
  );
}

function TransferOutcome({ transfer, report }: { transfer: FileTransferDto; report: ReportState | null }) {
  const percent = transferPercent(transfer);
  const name = transfer.original_name ? (
    <Typography.Text strong>{transfer.original_name}</Typography.Text>
  ) : null;

  if (transfer.status === 'failed') {
    return (
      <Flex vertical gap={12}>
        {name}
        <Alert
          type="error"
          showIcon
          role="alert"
          title="The import failed."
          description={transfer.error ?? SOMETHING_WENT_WRONG}
        />
      </Flex>
    );
  }

  if (transfer.status !== 'done') {
    return (
      <Flex vertical gap={8}>
        {name}
        <Progress percent={percent ?? 0} status="active" aria-label="Import progress" />
        <Typography.Text aria-live="polite">{progressText(transfer)}</Typography.Text>
        <Typography.Text type="secondary">
          You can close this window: you will be notified when the import finishes.
        </Typography.Text>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12}>
      {name}
      <Alert
        type={transfer.rows_failed > 0 ? 'warning' : 'success'}
        showIcon
        role="status"
        title={outcomeText(transfer)}
      />
      {transfer.rows_failed > 0 ? <ImportReportView transfer={transfer} report={report} /> : null}
    </Flex>
  );
}

function ImportReportView({ transfer, report }: { transfer: FileTransferDto; report: ReportState | null }) {
  if (!report || report.status === 'loading') {
    return <Typography.Text type="secondary">Loading the error report…</Typography.Text>;
  }
  if (report.status === 'failed') {
    return <Alert type="error" showIcon title="The error report could not be loaded." />;
  }
  const { csv } = report.report;
  // A row may fail on several columns: the position in the report is what tells entries apart.
  const rows = report.report.rows.map((entry, position) => ({ ...entry, position }));
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>Rows not imported</Typography.Text>
        <Button
          size="small"
          onClick={() =>
            saveFile(
              new Blob([csv], { type: 'text/csv' }),
              `import-errors-${transfer.created_at.slice(0, 10)}.csv`,
            )
          }
        >
          Download error report
        </Button>
      </Flex>
      <Table
        size="small"
        rowKey="position"
        dataSource={rows}
        pagination={
          rows.length > REPORT_PAGE_SIZE ? { pageSize: REPORT_PAGE_SIZE, showSizeChanger: false } : false
        }
        columns={[
          { title: 'Row', dataIndex: 'row', width: 80 },
          { title: 'Column', dataIndex: 'column', width: 160 },
          { title: 'Message', dataIndex: 'message' },
        ]}
      />
      <Typography.Text type="secondary">Row 1 is the first row after the header.</Typography.Text>
    </Flex>
  );
}
