import os from 'node:os';
import path from 'node:path';

// E2E_PORT_OFFSET lets a second run go on beside another one on the same machine
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const WEB_PORT = 18082 + offset;
export const OSMAND_PORT = 15055 + offset;
export const SMTP_PORT = 12525 + offset;
export const MAILBOX = path.join(os.tmpdir(), `tracklane-e2e-mailbox-${SMTP_PORT}.json`);
