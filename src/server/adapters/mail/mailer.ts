import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Real SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file to DATA_DIR/outbox. */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: a mail server that does not answer fails the mail in seconds, not minutes;
    // what does not go, the mail outbox sends again (decision 033).
    const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      sequence += 1;
      writeFileSync(path.join(outbox, `${stamp}-${process.pid}-${sequence}.eml`), info.message as Buffer);
    },
  };
}
