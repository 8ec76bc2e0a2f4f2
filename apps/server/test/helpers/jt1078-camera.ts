/** What a JT/T 1078 camera packet carries, as a test chooses it. */
export interface CameraPacket {
  /** BCD digits: 12 (the 2016 layout) or 20 (2019). */
  sim: string;
  channel: number;
  /** 0 I-frame, 1 P, 2 B, 3 audio, 4 transparent. */
  dataType: number;
  /** 0 atomic, 1 first, 2 last, 3 middle. */
  subpackage?: number;
  /** Milliseconds. */
  timestamp?: number;
  body: Buffer;
  sequence?: number;
  /** RTP payload type: 98 (H.264) unless given. */
  payloadType?: number;
}

/** The packet's bytes, laid out from JT/T 1078 table 19 here rather than by the server's code. */
export const cameraPacket = ({ sim, channel, dataType, subpackage = 0, timestamp = 0, body, sequence = 0, payloadType = 98 }: CameraPacket): Buffer => {
  const time = Buffer.alloc(8);
  time.writeBigUInt64BE(BigInt(timestamp));
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length);
  return Buffer.concat([
    Buffer.from('01cd', 'latin1'),
    Buffer.from([0x81, 0x80 | payloadType, sequence >> 8, sequence & 0xff]),
    Buffer.from(sim, 'hex'),
    Buffer.from([channel, (dataType << 4) | subpackage]),
    dataType === 4 ? Buffer.alloc(0) : time,
    dataType <= 2 ? Buffer.from([0, 40, 0, 40]) : Buffer.alloc(0),
    length,
    body,
  ]);
};

/** A picture's NAL units in Annex B form: SPS, PPS and an IDR slice for a key frame, a non-IDR slice otherwise. */
export const pictureBytes = (key: boolean, size: number, seed = 1): Buffer => {
  const slice = Buffer.concat([Buffer.from([0, 0, 0, 1, key ? 0x65 : 0x41]), Buffer.from(Array.from({ length: size }, (_, i) => ((i * 7 + seed) % 250) + 1))]);
  return key ? Buffer.concat([Buffer.from('0000000167640028acd2', 'hex'), Buffer.from('0000000168ee3cb0', 'hex'), slice]) : slice;
};

/** A picture as the packets a camera sends it in: one packet, or parts of at most `partSize` bytes. */
export const picturePackets = (sim: string, channel: number, key: boolean, timestamp: number, data: Buffer, partSize = 950): Buffer[] => {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += partSize) parts.push(data.subarray(offset, offset + partSize));
  return parts.map((body, index) => {
    const subpackage = parts.length === 1 ? 0 : index === 0 ? 1 : index === parts.length - 1 ? 2 : 3;
    return cameraPacket({ sim, channel, dataType: key ? 0 : 1, subpackage, timestamp, body, sequence: index });
  });
};
