import { createRequire } from 'node:module';
import type { SmtpConfig } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Optional HTML alternative of `text`. */
  html?: string;
  /** Files attached to the mail (report spreadsheets). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Outgoing mail through the configured SMTP server; `onSent` hears of each mail the server accepted (statistics). */
export const createMailer = (smtp: SmtpConfig, onSent: () => void = () => undefined): Mailer => {
  // loaded only where mail is configured
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
  });
  return {
    send: async (mail) => {
      await transport.sendMail({ from: smtp.from, ...mail });
      onSent();
    },
    close: () => transport.close(),
  };
};
