import { Button, Popconfirm } from 'antd';

import { ERROR_MESSAGES, type ChannelDto } from '@syncdesk/contracts';

import type { ConnectionKindConfig } from './connection-kinds';

export interface DeleteConnectionButtonProps {
  config: ConnectionKindConfig;
  connection: Pick<ChannelDto, 'name' | 'is_active'>;
  onDelete(): Promise<void>;
  /** Switches the connection off (the status call), the way to make it deletable. */
  onDeactivate(): Promise<void>;
  /** channels.update: without it, Deactivate is shown disabled and the dialog only explains. */
  mayDeactivate: boolean;
  size?: 'small' | 'middle';
}

/** The api's refusal, in the spec's words: plugins have their own, accounting channels share the channels'. */
export function cannotDeleteActiveText(config: ConnectionKindConfig): string {
  return config.kind === 'plugin'
    ? ERROR_MESSAGES.cannotDeleteActivePlugin
    : ERROR_MESSAGES.cannotDeleteActiveChannel;
}

/**
 * Delete with a confirmation. An active connection cannot be deleted (the api refuses it), so
 * instead of offering a Delete that would fail, its confirmation says why and offers to
 * deactivate it; once it is off, the same button deletes it.
 */
export function DeleteConnectionButton({
  config,
  connection,
  onDelete,
  onDeactivate,
  mayDeactivate,
  size,
}: DeleteConnectionButtonProps) {
  const button = (
    <Button size={size} danger>
      Delete
    </Button>
  );
  if (!connection.is_active) {
    return (
      <Popconfirm
        title={`Delete ${connection.name}?`}
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        {button}
      </Popconfirm>
    );
  }
  return (
    <Popconfirm
      title={`${cannotDeleteActiveText(config)}.`}
      description={
        mayDeactivate
          ? `Deactivate ${connection.name} first; once it is off, it can be deleted.`
          : `${connection.name} is active; someone who may change ${config.noun}s can deactivate it.`
      }
      okText="Deactivate"
      okButtonProps={{ disabled: !mayDeactivate }}
      onConfirm={onDeactivate}
    >
      {button}
    </Popconfirm>
  );
}
