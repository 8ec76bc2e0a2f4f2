import os from 'node:os';
import path from 'node:path';

export const WEB_PORT = 18082;
export const OSMAND_PORT = 15055;
export const SMTP_PORT = 12525;
export const MAILBOX = path.join(os.tmpdir(), 'tracklane-e2e-mailbox.json');
