import { gl200Simulated } from './gl200-sender.js';
import { gps103Simulated } from './gps103-sender.js';
import { gt06Simulated } from './gt06-sender.js';
import { h02Simulated } from './h02-sender.js';
import { jt808Simulated } from './jt808-sender.js';
import { meitrackSimulated } from './meitrack-sender.js';
import { ruptelaSimulated } from './ruptela-sender.js';
import type { SimulatedProtocol } from './simulated-protocol.js';
import { suntechSimulated } from './suntech-sender.js';
import { teltonikaSimulated } from './teltonika-sender.js';
import { tk103Simulated } from './tk103-sender.js';
import { watchSimulated } from './watch-sender.js';
import { wialonSimulated } from './wialon-sender.js';

const PROTOCOLS = [
  gt06Simulated, teltonikaSimulated, h02Simulated, tk103Simulated, gps103Simulated, watchSimulated,
  gl200Simulated, meitrackSimulated, suntechSimulated, jt808Simulated, ruptelaSimulated, wialonSimulated,
];

/** Every TCP device protocol the simulator speaks, by name. */
export const SIMULATED_PROTOCOLS: ReadonlyMap<string, SimulatedProtocol> = new Map(PROTOCOLS.map((protocol) => [protocol.name, protocol]));
