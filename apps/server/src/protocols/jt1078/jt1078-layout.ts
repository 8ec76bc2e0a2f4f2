/** `01cd`, which every JT/T 1078 media packet starts with. */
export const JT1078_MAGIC = Buffer.from('01cd', 'latin1');
/** The standard's bodies are at most 950 bytes; cameras that send more stay far below this. */
export const MAX_BODY_BYTES = 8192;

export const DATA_TYPE = { iFrame: 0, pFrame: 1, bFrame: 2, audio: 3, transparent: 4 } as const;

/** Where a packet's fields are: the SIM is 6 BCD bytes (2016) or 10 (2019, whose leading bytes are zero). */
export interface Jt1078Layout {
  simLength: 6 | 10;
  /** Offset of the channel byte; the data type and subpackage byte follows it. */
  channelAt: number;
  dataType: number;
  /** Offset of the timestamp; undefined for transparent data, which has none. */
  timestampAt: number | undefined;
  bodyStart: number;
  bodyLength: number;
}

/**
 * The layout of the packet at the start of `bytes` (JT/T 1078 table 19), undefined while its header
 * is incomplete: video frames carry two frame intervals after the timestamp, audio none, and
 * transparent data no timestamp either.
 */
export const jt1078Layout = (bytes: Buffer): Jt1078Layout | 'unknown type' | undefined => {
  if (bytes.length < 10) return undefined;
  const simLength = bytes.readUInt16BE(8) === 0 ? 10 : 6;
  const channelAt = 8 + simLength;
  if (bytes.length < channelAt + 2) return undefined;
  const dataType = bytes[channelAt + 1]! >> 4;
  if (dataType > DATA_TYPE.transparent) return 'unknown type';
  const timestampAt = dataType === DATA_TYPE.transparent ? undefined : channelAt + 2;
  const lengthAt = channelAt + 2 + (timestampAt === undefined ? 0 : 8) + (dataType <= DATA_TYPE.bFrame ? 4 : 0);
  if (bytes.length < lengthAt + 2) return undefined;
  return { simLength, channelAt, dataType, timestampAt, bodyStart: lengthAt + 2, bodyLength: bytes.readUInt16BE(lengthAt) };
};
