import { type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { newPosition } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';
import { decodeDtcs } from './ruptela-dtc.decoder.js';
import { decodeFilePart, type RuptelaState } from './ruptela-files.decoder.js';
import { decodeRecords } from './ruptela-records.decoder.js';
import { RUPTELA_FILES, ruptelaAccept, ruptelaRecordsAck } from './ruptela.encoder.js';

/** Device commands (reference/protocols.md §11). */
const COMMAND = { records: 1, dtc: 9, identification: 15, heartbeat: 16, setIo: 17, files: RUPTELA_FILES, extendedRecords: 68 } as const;
const TEXT_RESPONSES = new Set([2, 3, 4, 7, COMMAND.setIo]);

/** One Ruptela packet `[length][IMEI 8][command][data][CRC]`; the CRC is not checked, as Traccar does not. */
export const decodeRuptela = (frame: Buffer, context: DecodeContext<RuptelaState | undefined>): DecodeResult => {
  const reader = new ByteReader(frame, 2, frame.length - 2);
  const uniqueId = reader.u64().toString().padStart(15, '0');
  const command = reader.u8();
  const now = context.now();
  switch (command) {
    case COMMAND.records:
    case COMMAND.extendedRecords:
      return { identify: uniqueId, positions: decodeRecords(uniqueId, reader, command === COMMAND.extendedRecords, now), ack: [ruptelaRecordsAck()] };
    case COMMAND.dtc:
      return { identify: uniqueId, positions: decodeDtcs(uniqueId, reader, now), ack: [ruptelaAccept(COMMAND.dtc)] };
    case COMMAND.files:
      return decodeFilePart(uniqueId, reader, context);
    case COMMAND.identification:
    case COMMAND.heartbeat:
      return { identify: uniqueId, positions: [], ack: [ruptelaAccept(command)] };
    default: {
      if (!TEXT_RESPONSES.has(command)) return { identify: uniqueId, positions: [], ack: [] };
      const position = newPosition('ruptela', uniqueId, now);
      position.attributes.result = reader.rest().toString('latin1').replace(/\0+$/, '');
      return { identify: uniqueId, positions: [position], ack: [] };
    }
  }
};

