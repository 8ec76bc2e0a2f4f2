/**
 * Real, decodable H.264 (Baseline profile) written bit by bit from the standard's syntax, so that
 * a browser's decoder can show what the server streams: a 64×64 picture of raw (I_PCM)
 * macroblocks as each key frame, and P-frames that skip every macroblock in between.
 */

const WIDTH_MBS = 4;
const HEIGHT_MBS = 4;
export const PICTURE_SIZE = { width: WIDTH_MBS * 16, height: HEIGHT_MBS * 16 };
const MACROBLOCKS = WIDTH_MBS * HEIGHT_MBS;
const I_PCM = 25;
const LOG2_MAX_FRAME_NUM = 4;

class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private count = 0;

  bit(value: number): this {
    this.current = (this.current << 1) | (value & 1);
    if (++this.count === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.count = 0;
    }
    return this;
  }

  bits(value: number, length: number): this {
    for (let index = length - 1; index >= 0; index--) this.bit((value >> index) & 1);
    return this;
  }

  /** Unsigned Exp-Golomb. */
  ue(value: number): this {
    const code = value + 1;
    const length = Math.floor(Math.log2(code));
    return this.bits(0, length).bits(code, length + 1);
  }

  /** Signed Exp-Golomb. */
  se(value: number): this {
    return this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  alignWithZeros(): this {
    while (this.count !== 0) this.bit(0);
    return this;
  }

  /** rbsp_trailing_bits: a one, then zeros to the byte. */
  trailing(): Buffer {
    this.bit(1).alignWithZeros();
    return Buffer.from(this.bytes);
  }
}

/** A NAL unit with its start code, its payload protected against start-code emulation. */
const nalUnit = (header: number, rbsp: Buffer): Buffer => {
  const escaped: number[] = [];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      escaped.push(3);
      zeros = 0;
    }
    escaped.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.concat([Buffer.from([0, 0, 0, 1, header]), Buffer.from(escaped)]);
};

// profile 66 (Baseline, constraint sets 0 and 1), level 3.0; picture order count type 2 (output in decoding order)
const SPS = nalUnit(0x67, new BitWriter().bits(66, 8).bits(0xc0, 8).bits(30, 8).ue(0).ue(LOG2_MAX_FRAME_NUM - 4).ue(2).ue(1).bit(0).ue(WIDTH_MBS - 1).ue(HEIGHT_MBS - 1).bit(1).bit(1).bit(0).bit(0).trailing());
// CAVLC, one slice group, no weighted prediction, QP 26, deblocking control present
const PPS = nalUnit(0x68, new BitWriter().ue(0).ue(0).bit(0).bit(0).ue(0).ue(0).ue(0).bit(0).bits(0, 2).se(0).se(0).se(0).bit(1).bit(0).bit(0).trailing());

/** A key frame (SPS, PPS, IDR slice) of raw macroblocks in one grey level (`shade`, 16–235). */
export const keyPicture = (shade: number, idrPicId = 0): Buffer => {
  const slice = new BitWriter().ue(0).ue(7).ue(0).bits(0, LOG2_MAX_FRAME_NUM).ue(idrPicId).bit(0).bit(0).se(0).ue(1);
  for (let macroblock = 0; macroblock < MACROBLOCKS; macroblock++) {
    slice.ue(I_PCM).alignWithZeros();
    for (let sample = 0; sample < 256; sample++) slice.bits(shade, 8);
    for (let sample = 0; sample < 128; sample++) slice.bits(128, 8);
  }
  return Buffer.concat([SPS, PPS, nalUnit(0x65, slice.trailing())]);
};

/** A P-frame that repeats the picture before it (every macroblock skipped); `frameNum` counts from the key frame. */
export const repeatedPicture = (frameNum: number): Buffer =>
  nalUnit(0x41, new BitWriter().ue(0).ue(5).ue(0).bits(frameNum % 2 ** LOG2_MAX_FRAME_NUM, LOG2_MAX_FRAME_NUM).bit(0).bit(0).bit(0).se(0).ue(1).ue(MACROBLOCKS).trailing());
