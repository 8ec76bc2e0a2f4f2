import { defineProtocol } from '../protocol-definition.js';
import { suntechCommands } from './suntech.commands.js';
import { decodeSuntech, type SuntechState } from './suntech.decoder.js';
import { createSuntechFramer, SUNTECH_MAX_FRAME } from './suntech.framer.js';
import { configureSuntech, defaultSuntechSettings } from './suntech-settings.js';

/** Suntech ST300/ST600/ST4xx/ST9xx text and universal reports on TCP 5011. */
export const suntechProtocol = defineProtocol<SuntechState>({
  name: 'suntech',
  transports: ['tcp'],
  createFramer: createSuntechFramer,
  maxFrameLength: SUNTECH_MAX_FRAME,
  createState: defaultSuntechSettings,
  configure: configureSuntech,
  decode: decodeSuntech,
  commands: suntechCommands,
});
