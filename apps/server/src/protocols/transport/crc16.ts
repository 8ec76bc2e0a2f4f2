/**
 * The reflected CRC-16 variants the binary protocols need (reference/protocols.md, "CRC
 * parameters"). The npm CRC packages in use elsewhere cover CRC-32 only, and a reflected CRC is a few
 * lines, so these are written out.
 */
const reflected = (poly: number, init: number, xorOut: number) => {
  // the register after shifting each possible low byte through, so each data byte is one step
  const table = Uint16Array.from({ length: 256 }, (_, byte) => {
    let crc = byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
    return crc;
  });
  /** The CRC of `data` from `start` to `end` (the whole of it by default), without a view made for the range. */
  return (data: Uint8Array, start = 0, end = data.length): number => {
    let crc = init;
    for (let index = start; index < end; index++) crc = (crc >>> 8) ^ table[(crc ^ data[index]!) & 0xff]!;
    return (crc ^ xorOut) & 0xffff;
  };
};

/** CRC-16/X-25 (CRC-ITU): GT06 packets. Polynomial 0x1021 reflected = 0x8408. */
export const crc16X25 = reflected(0x8408, 0xffff, 0xffff);

/** CRC-16/ARC (IBM): Teltonika AVL packets. Polynomial 0x8005 reflected = 0xA001. */
export const crc16Arc = reflected(0xa001, 0x0000, 0x0000);

/** CRC-16/KERMIT: Ruptela packets. Polynomial 0x1021 reflected = 0x8408, no init or final XOR. */
export const crc16Kermit = reflected(0x8408, 0x0000, 0x0000);
