import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { MAILBOX, SMTP_PORT } from './ports';

/** A real SMTP server for the run; every message received is appended to the MAILBOX file. */
export default async function startSmtpSink() {
  const mails: { to: string[]; raw: string }[] = [];
  fs.writeFileSync(MAILBOX, '[]');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        // written aside and renamed, so a test polling the mailbox never reads it half-written
        fs.writeFileSync(`${MAILBOX}.tmp`, JSON.stringify(mails));
        fs.renameSync(`${MAILBOX}.tmp`, MAILBOX);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
