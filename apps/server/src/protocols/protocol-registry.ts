import type { ProtocolCommands, ProtocolDefinition } from './protocol-definition.js';
import { commandText } from './command-fields.js';
import type { ProtocolName } from './protocol-ports.js';
import { gt06Protocol } from './gt06/gt06.protocol.js';
import { h02Protocol } from './h02/h02.protocol.js';
import { watchProtocol } from './watch/watch.protocol.js';
import { gps103Protocol } from './gps103/gps103.protocol.js';
import { tk103Protocol } from './tk103/tk103.protocol.js';
import { teltonikaProtocol } from './teltonika/teltonika.protocol.js';
import { suntechProtocol } from './suntech/suntech.protocol.js';
import { meitrackProtocol } from './meitrack/meitrack.protocol.js';
import { gl200Protocol } from './gl200/gl200.protocol.js';
import { jt808Protocol } from './jt808/jt808.protocol.js';
import { jt1078Protocol } from './jt1078/jt1078.protocol.js';
import { ruptelaProtocol } from './ruptela/ruptela.protocol.js';
import { wialonProtocol } from './wialon/wialon.protocol.js';
import { calAmpProtocol } from './calamp/calamp.protocol.js';

/** Every framed (TCP/UDP) protocol; OsmAnd is HTTP and has its own listener. */
export const PROTOCOLS: ProtocolDefinition<unknown>[] = [gt06Protocol, teltonikaProtocol, h02Protocol, tk103Protocol, gps103Protocol, watchProtocol, suntechProtocol, meitrackProtocol, gl200Protocol, jt808Protocol, jt1078Protocol, ruptelaProtocol, wialonProtocol, calAmpProtocol];

export const protocolByName = (name: ProtocolName): ProtocolDefinition<unknown> | undefined => PROTOCOLS.find((protocol) => protocol.name === name);

/** Traccar Client and OsmAnd take a custom command's text as the answer to their next report. */
const OSMAND_COMMANDS: ProtocolCommands = {
  types: ['custom'],
  encode: (command) => (command.type === 'custom' ? Buffer.from(commandText(command, 'data'), 'utf8') : undefined),
};

/** The commands a protocol's devices take over their connection, by the protocol's name as positions record it; none for a name no protocol has. */
export const commandsOf = (protocol: string): ProtocolCommands | undefined =>
  protocol === 'osmand' ? OSMAND_COMMANDS : PROTOCOLS.find((candidate) => candidate.name === protocol)?.commands;
