import { useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { LIMITED_ACCOUNT_DIALOG_SECONDS } from '@syncdesk/contracts';

export interface LimitedAccountDialogProps {
  manageUrl: string;
  /** Called when the person closes it and when the countdown reaches zero. */
  onClose: () => void;
}

/**
 * The blocking dialog of a limited account (spec §4, §9): it counts down each second and closes
 * itself at zero. Mounted only while it should show, so each showing starts a fresh countdown.
 */
export function LimitedAccountDialog({ manageUrl, onClose }: LimitedAccountDialogProps) {
  const [secondsLeft, setSecondsLeft] = useState(LIMITED_ACCOUNT_DIALOG_SECONDS);

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) onClose();
  }, [secondsLeft, onClose]);

  return (
    <Modal
      open
      title="Your account is limited"
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="purchase" type="primary" href={manageUrl} target="_blank" rel="noopener noreferrer">
          Purchase subscription
        </Button>,
      ]}
    >
      <div data-testid="limited-account-dialog">
        <Typography.Paragraph>
          Your company's account is limited. Purchase a subscription to keep synchronising orders, products
          and stock.
        </Typography.Paragraph>
        <Typography.Text type="secondary" data-testid="limited-account-countdown">
          This dialog closes in {secondsLeft} seconds.
        </Typography.Text>
      </div>
    </Modal>
  );
}
