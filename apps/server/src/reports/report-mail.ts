import { PassThrough, type Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../notifications/mailer.js';
import { createPendingWork } from '../pending-work.js';
import { SPREADSHEET_TYPE } from './report-workbook.js';

export interface ReportMail {
  to: string;
  subject: string;
  text: string;
  filename: string;
  /** Writes the attachment into the stream it is given. */
  build: (output: Writable) => Promise<void>;
}

const collect = async (build: ReportMail['build']): Promise<Buffer> => {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  await build(stream);
  if (!stream.writableEnded) stream.end();
  await ended;
  return Buffer.concat(chunks);
};

/**
 * Report spreadsheets e-mailed in the background: the request is answered at once, the workbook is
 * built and sent afterwards, and a failure is logged (the requester is no longer there to tell).
 * `drain()` waits for the jobs still running, for shutdown and tests.
 */
export const createReportMailer = (mailer: Mailer | undefined, log: FastifyBaseLogger) => {
  const running = createPendingWork();
  return {
    get enabled(): boolean {
      return mailer !== undefined;
    },
    start: (mail: ReportMail): void => {
      if (!mailer) throw new Error('no mailer');
      const job = (async () => {
        const content = await collect(mail.build);
        await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, attachments: [{ filename: mail.filename, content, contentType: SPREADSHEET_TYPE }] });
      })()
        .catch((error: unknown) => log.error({ err: error, to: mail.to, subject: mail.subject }, 'report mail failed'));
      void running.track(job);
    },
    drain: async (): Promise<void> => {
      await running.settled();
    },
  };
};

export type ReportMailer = ReturnType<typeof createReportMailer>;
