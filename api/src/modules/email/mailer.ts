import nodemailer, { type Transporter } from 'nodemailer';
import type { Models } from '../../db/models';
import type { Logger } from '../../logger';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Records the message in the outbox, then delivers it (SMTP_URL) or leaves it there and logs it. */
  send(email: OutgoingEmail): Promise<void>;
}

export const MAIL_FROM_DEFAULT = 'Syncdesk <no-reply@syncdesk.local>';

/**
 * nodemailer over SMTP in production; without SMTP_URL (the embedded default) mail stays in the
 * outbox table and goes to the server log, so a newcomer can still follow a reset link.
 */
export function createMailer(deps: {
  models: Models;
  logger: Logger;
  smtpUrl?: string;
  from?: string;
}): Mailer {
  const transport: Transporter | undefined = deps.smtpUrl
    ? nodemailer.createTransport(deps.smtpUrl)
    : undefined;
  const from = deps.from ?? MAIL_FROM_DEFAULT;
  return {
    async send(email) {
      const row = await deps.models.OutboxEmail.create({
        to_address: email.to,
        subject: email.subject,
        text_body: email.text,
        status: transport ? 'queued' : 'outbox',
        error: null,
        sent_at: null,
      });
      if (!transport) {
        deps.logger.info(
          { to: email.to, subject: email.subject, text: email.text },
          'e-mail kept in the outbox',
        );
        return;
      }
      try {
        await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
        await row.update({ status: 'sent', sent_at: new Date() });
      } catch (error) {
        // The request that caused the mail still succeeds; the outbox row says what failed.
        await row.update({ status: 'failed', error: (error as Error).message });
        deps.logger.error({ err: error, to: email.to }, 'e-mail delivery failed');
      }
    },
  };
}
