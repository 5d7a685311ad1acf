import { useState, type KeyboardEvent, type MutableRefObject } from 'react';
import { Flex, Input, Tag, Typography } from 'antd';
import type { FormRule } from 'antd';

import { emailSchema } from '@syncdesk/contracts';

export interface NotificationEmailsInputProps {
  id?: string;
  /** Form.Item passes the list in and takes the new list back. */
  value?: string[];
  onChange?(value: string[]): void;
  disabled?: boolean;
  /**
   * Where the address typed but not added is kept, for `pendingEmailRule`: a form saved with one
   * there says so instead of dropping it without a word.
   */
  pending?: MutableRefObject<string>;
}

const INVALID_EMAIL = 'The email must be a valid email address.';

/** Why a typed address cannot be added, or null when it can. */
function emailProblem(text: string): string | null {
  const parsed = emailSchema.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? INVALID_EMAIL);
}

/**
 * The form rule that refuses to save while an address is typed but not added (a valid one is added
 * when the field is left, so what is left over is one that could not be): the seller reads why
 * beside the field, and nothing they typed disappears.
 */
export function pendingEmailRule(pending: MutableRefObject<string>): FormRule {
  return {
    validator: async () => {
      const draft = pending.current.trim();
      if (draft === '') return;
      throw new Error(
        `${draft} was not added: ${emailProblem(draft) ?? INVALID_EMAIL} Correct it or clear it.`,
      );
    },
  };
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
  pending,
}: NotificationEmailsInputProps) {
  const [draft, setDraftState] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const setDraft = (text: string) => {
    setDraftState(text);
    if (pending) pending.current = text;
  };

  const add = () => {
    if (draft.trim() === '') return;
    const parsed = emailSchema.safeParse(draft);
    if (!parsed.success) {
      setProblem(emailProblem(draft));
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
