import { useState, type KeyboardEvent } from 'react';
import { Flex, Input, Tag, Typography } from 'antd';

import { emailSchema } from '@syncdesk/contracts';

export interface NotificationEmailsInputProps {
  id?: string;
  /** Form.Item passes the list in and takes the new list back. */
  value?: string[];
  onChange?(value: string[]): void;
  disabled?: boolean;
}

/**
 * Notification e-mails as tags: typing an address and pressing Enter adds it (spec §5) after the
 * contracts' e-mail check; Enter never submits the surrounding form from here. Each tag has a
 * remove button.
 */
export function NotificationEmailsInput({
  id,
  value = [],
  onChange,
  disabled,
}: NotificationEmailsInputProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    if (draft.trim() === '') return;
    const parsed = emailSchema.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'The email must be a valid email address.');
      return;
    }
    setProblem(null);
    setDraft('');
    if (!value.includes(parsed.data)) onChange?.([...value, parsed.data]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <Flex vertical gap={8}>
      {value.length > 0 ? (
        <Flex gap={4} wrap role="list" aria-label="Notification e-mails">
          {value.map((email) => (
            <Tag
              key={email}
              role="listitem"
              closable={!disabled ? { 'aria-label': `Remove ${email}` } : false}
              onClose={() => onChange?.(value.filter((item) => item !== email))}
            >
              {email}
            </Tag>
          ))}
        </Flex>
      ) : null}
      <Input
        id={id}
        value={draft}
        disabled={disabled}
        placeholder="name@example.com, then Enter"
        status={problem ? 'error' : undefined}
        aria-describedby={problem ? `${id ?? 'notification-emails'}-problem` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={add}
      />
      {problem ? (
        <Typography.Text type="danger" id={`${id ?? 'notification-emails'}-problem`}>
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
