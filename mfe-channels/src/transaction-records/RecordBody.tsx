import { Button, Card, Typography, theme } from 'antd';

import { SUCCESS_MESSAGES } from '@syncdesk/contracts';
import { notifyError, notifySuccess } from '@syncdesk/web-kit';

/** A body as stored, indented when it is JSON (most provider calls), as is otherwise. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The request or the response of a record, monospace, with a copy button for support tickets. */
export function RecordBody({ title, body }: { title: string; body: string | null | undefined }) {
  const { token } = theme.useToken();
  const text = body ? prettyBody(body) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess(SUCCESS_MESSAGES.copied);
    } catch {
      notifyError('The browser did not allow copying. Select the text and copy it instead.');
    }
  };
  return (
    <Card
      title={title}
      size="small"
      extra={
        text ? (
          <Button size="small" onClick={() => void copy()}>
            Copy {title.toLowerCase()}
          </Button>
        ) : null
      }
    >
      {text ? (
        <pre
          aria-label={title}
          style={{
            margin: 0,
            maxHeight: 420,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontFamily: token.fontFamilyCode,
            fontSize: token.fontSizeSM,
            background: token.colorFillQuaternary,
            padding: token.paddingSM,
            borderRadius: token.borderRadiusSM,
          }}
        >
          {text}
        </pre>
      ) : (
        <Typography.Text type="secondary">Nothing was recorded.</Typography.Text>
      )}
    </Card>
  );
}
