/**
 * MPEG-2 transport stream packets for one H.264 video stream (ISO/IEC 13818-1), as HLS segments
 * carry it: a program association and a program map table, then each access unit as one PES
 * packet split over 188-byte transport packets. H.264 only: the players HLS segments are for
 * (hls.js, and the browsers' own) read no other video codec from a transport stream.
 */

/** One coded picture in Annex B form (start codes before each NAL unit). */
export interface AccessUnit {
  data: Buffer;
  /** Presentation time on the 90 kHz clock, below 2^33. */
  pts: number;
  /** An IDR picture: decoding can start here. */
  key: boolean;
}

const PACKET_SIZE = 188;
const HEADER_SIZE = 4;
const SYNC_BYTE = 0x47;
const PAT_PID = 0x0000;
const PMT_PID = 0x1000;
const VIDEO_PID = 0x0100;
const PROGRAM_NUMBER = 1;
const H264_STREAM_TYPE = 0x1b;
const VIDEO_STREAM_ID = 0xe0;
/** An H.264 access unit delimiter (any picture type), which HLS asks each access unit to begin with. */
const H264_DELIMITER = Buffer.from([0, 0, 0, 1, 0x09, 0xf0]);

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 24;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

/** CRC-32/MPEG-2 of the table sections: not reflected, no final XOR. */
export const crc32Mpeg2 = (bytes: Buffer): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
};

const TWO_TO_THE_33 = 2 ** 33;

/** A 33-bit clock value as five bytes after the 4-bit prefix `0010` (PTS only), with its marker bits. */
const timestampBytes = (pts: number): Buffer => {
  const high = Math.floor(pts / 2 ** 30) & 0x07;
  const middle = Math.floor(pts / 2 ** 15) & 0x7fff;
  const low = pts % 2 ** 15;
  return Buffer.from([0x20 | (high << 1) | 1, middle >> 7, ((middle & 0x7f) << 1) | 1, low >> 7, ((low & 0x7f) << 1) | 1]);
};

/** Writes the program clock reference at `at`: a 33-bit base on the 90 kHz clock, six reserved bits, a 9-bit extension of 0. */
const writePcr = (out: Buffer, at: number, base: number): void => {
  out.writeUInt32BE(Math.floor(base / 2) >>> 0, at); // the top 32 bits
  out[at + 4] = ((base % 2) << 7) | 0x7e;
  out[at + 5] = 0;
};

/** A PSI section (PAT or PMT) with its CRC, after a pointer field of 0, padded to one packet. */
const tableSection = (tableId: number, idField: number, body: Buffer): Buffer => {
  const sectionLength = 5 + body.length + 4;
  const header = Buffer.from([tableId, 0xb0 | (sectionLength >> 8), sectionLength & 0xff, idField >> 8, idField & 0xff, 0xc1, 0x00, 0x00]);
  const section = Buffer.concat([header, body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32Mpeg2(section));
  return Buffer.concat([Buffer.from([0x00]), section, crc]);
};

const pid13 = (pid: number): Buffer => Buffer.from([0xe0 | (pid >> 8), pid & 0xff]);

/**
 * The transport packets of one payload unit, written into one buffer (a picture is some twenty
 * packets: one allocation rather than one each); the first may carry the clock and mark a random
 * access point.
 */
class PacketWriter {
  private readonly continuity = new Map<number, number>();

  packets(pid: number, payload: Buffer, options: { pcr?: number; randomAccess?: boolean } = {}): Buffer {
    const flagged = options.pcr !== undefined || options.randomAccess === true;
    // the first packet's room, after the length byte, the flags and the clock reference when there are any
    const firstRoom = PACKET_SIZE - HEADER_SIZE - (flagged ? 2 + (options.pcr !== undefined ? 6 : 0) : 0);
    const count = payload.length <= firstRoom ? 1 : 1 + Math.ceil((payload.length - firstRoom) / (PACKET_SIZE - HEADER_SIZE));
    const out = Buffer.allocUnsafe(count * PACKET_SIZE);
    let offset = 0;
    for (let at = 0; at < out.length; at += PACKET_SIZE) {
      const first = at === 0;
      const room = first ? firstRoom : PACKET_SIZE - HEADER_SIZE;
      const take = Math.min(room, payload.length - offset);
      const stuffing = room - take;
      const hasAdaptation = (first && flagged) || stuffing > 0;
      out[at] = SYNC_BYTE;
      out[at + 1] = (first ? 0x40 : 0) | (pid >> 8);
      out[at + 2] = pid & 0xff;
      out[at + 3] = (hasAdaptation ? 0x30 : 0x10) | this.nextCount(pid);
      const payloadAt = at + HEADER_SIZE + (hasAdaptation ? this.adaptationField(out, at + HEADER_SIZE, first && flagged ? options : undefined, stuffing) : 0);
      payload.copy(out, payloadAt, offset, offset + take);
      offset += take;
    }
    return out;
  }

  /**
   * Writes the adaptation field at `at`: its length, the flags and the fields they announce, then
   * `stuffing` bytes of FF so that the payload ends the packet exactly. Returns its size.
   */
  private adaptationField(out: Buffer, at: number, flags: { pcr?: number; randomAccess?: boolean } | undefined, stuffing: number): number {
    // one byte of stuffing is the length byte alone, announcing an empty field
    if (!flags && stuffing === 1) {
      out[at] = 0;
      return 1;
    }
    let end = at + 2;
    out[at + 1] = flags ? (flags.randomAccess ? 0x40 : 0) | (flags.pcr !== undefined ? 0x10 : 0) : 0;
    if (flags?.pcr !== undefined) {
      writePcr(out, end, flags.pcr);
      end += 6;
    }
    const fill = flags ? stuffing : stuffing - 2;
    out.fill(0xff, end, end + fill);
    end += fill;
    out[at] = end - at - 1;
    return end - at;
  }

  private nextCount(pid: number): number {
    const count = this.continuity.get(pid) ?? 0;
    this.continuity.set(pid, (count + 1) & 0x0f);
    return count;
  }
}

/** A PES packet of a video access unit: a length of 0 (unbounded, allowed for video) when it does not fit 16 bits. */
const pesPacket = (data: Buffer, pts: number): Buffer => {
  const optional = Buffer.concat([Buffer.from([0x80, 0x80, 5]), timestampBytes(pts)]);
  const length = optional.length + data.length;
  const header = Buffer.from([0, 0, 1, VIDEO_STREAM_ID, 0, 0]);
  if (length <= 0xffff) header.writeUInt16BE(length, 4);
  return Buffer.concat([header, optional, data]);
};

const startsWithDelimiter = (data: Buffer): boolean => {
  const offset = data[2] === 1 ? 3 : 4;
  return data.length > offset && (data[offset]! & 0x1f) === 0x09;
};

/** A table section filling one packet's payload, padded with FF as tables are. */
const padded = (section: Buffer): Buffer => Buffer.concat([section, Buffer.alloc(PACKET_SIZE - HEADER_SIZE - section.length, 0xff)]);
/** Program 1 has its map on PMT_PID. */
const PAT_PAYLOAD = padded(tableSection(0x00, 1, Buffer.concat([Buffer.from([PROGRAM_NUMBER >> 8, PROGRAM_NUMBER & 0xff]), pid13(PMT_PID)])));
/** Program 1: H.264 on VIDEO_PID, which also carries the clock. */
const PMT_PAYLOAD = padded(
  tableSection(0x02, PROGRAM_NUMBER, Buffer.concat([pid13(VIDEO_PID), Buffer.from([0xf0, 0x00]), Buffer.from([H264_STREAM_TYPE]), pid13(VIDEO_PID), Buffer.from([0xf0, 0x00])])),
);

/**
 * A muxer for one stream. Each key frame is preceded by the tables, so a segment that starts with
 * one decodes on its own; continuity counters run on across segments, as one stream's do.
 */
export const createTsMuxer = () => {
  const writer = new PacketWriter();
  const tables = (): Buffer[] => [writer.packets(PAT_PID, PAT_PAYLOAD), writer.packets(PMT_PID, PMT_PAYLOAD)];
  return {
    /** The transport packets of one access unit, the tables first when it is a key frame. */
    write: (unit: AccessUnit): Buffer => {
      const pts = unit.pts % TWO_TO_THE_33;
      const data = !startsWithDelimiter(unit.data) ? Buffer.concat([H264_DELIMITER, unit.data]) : unit.data;
      // the clock with every picture: players need one at least every 100 ms
      const packets = writer.packets(VIDEO_PID, pesPacket(data, pts), { pcr: pts, randomAccess: unit.key });
      return unit.key ? Buffer.concat([...tables(), packets]) : packets;
    },
  };
};

export type TsMuxer = ReturnType<typeof createTsMuxer>;
